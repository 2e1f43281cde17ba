// The page's inline SVG charts: a line chart of a daily series, on a y-axis from zero with round
// ticks (a series from 78 to 175 must not look like a fall from the top to the bottom), and
// horizontal bars with a tick at a mark (the baseline, or 100 % of a budget) whose figure is
// written past both the bar and the tick, never across the tick.

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (s: string) => (s === '' ? 0 : Number(s));
/** 1234567.5 → 1,234,567.5 (thin spacing would not survive every mail client). */
export const grouped = (s: string) =>
  s.replace(/^(-?)(\d+)/, (_, sign: string, int: string) => sign + int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** Round ticks from 0 to at least `max`: steps of 1, 2 or 5 × 10^k, about four of them. */
export function axisTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    ticks.push(Number(v.toPrecision(12)));
    if (v >= max) break;
  }
  return ticks;
}

/** A tick's label: grouped, with at most the decimals its step needs. */
function tickLabel(v: number, step: number): string {
  const decimals = step >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(step)));
  return grouped(v.toFixed(decimals));
}

/** A line chart of one daily series; the last point (the day) is marked. */
export function lineChart(id: string, label: string, dates: string[], values: string[], unit: string): string {
  const W = 420;
  const H = 160;
  const xs = values.map(num);
  const ticks = axisTicks(Math.max(...xs, 0));
  const top = ticks.at(-1)!;
  const step = ticks[1] - ticks[0];
  const labels = ticks.map((t) => tickLabel(t, step));
  const pad = { l: 10 + 6.5 * Math.max(...labels.map((l) => l.length)), r: 10, t: 10, b: 24 };
  const x = (i: number) => pad.l + (dates.length === 1 ? 0 : (i * (W - pad.l - pad.r)) / (dates.length - 1));
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / top);
  const points = xs.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = xs.length - 1;
  const low = Math.min(...xs.slice(0, -1));
  const high = Math.max(...xs.slice(0, -1));
  const desc = `${label} per day from ${dates[0]} to ${dates[last]}: on ${dates[last]} ${grouped(values[last])}${unit}; the baseline days ranged from ${grouped(String(low))} to ${grouped(String(high))}${unit}.`;
  const axis = ticks
    .map(
      (t, i) =>
        `<line x1="${pad.l}" y1="${y(t).toFixed(1)}" x2="${W - pad.r}" y2="${y(t).toFixed(1)}" stroke="${i === 0 ? '#8c959f' : '#eaeef2'}"/>` +
        `<text x="${pad.l - 6}" y="${(y(t) + 4).toFixed(1)}" font-size="11" fill="#57606a" text-anchor="end">${labels[i]}</text>`,
    )
    .join('\n');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-t">${esc(label)} per day</title><desc id="${id}-d">${esc(desc)}</desc>
${axis}
<polyline fill="none" stroke="#0969da" stroke-width="2" points="${points}"/>
${xs.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${i === last ? 4 : 2.5}" fill="${i === last ? '#b42318' : '#0969da'}"/>`).join('')}
<text x="${pad.l}" y="${H - 6}" font-size="11" fill="#57606a">${esc(dates[0])}</text>
<text x="${W - pad.r}" y="${H - 6}" font-size="11" fill="#57606a" text-anchor="end">${esc(dates[last])}</text>
</svg>
<p class="meta">${esc(desc)}</p>`;
}

/** Horizontal bars: for each row the day's value, and a tick at its mark; the figure is written past both. */
export function bars(
  id: string,
  label: string,
  items: Array<{ name: string; value: string; mark?: string; markLabel: string }>,
  unit: string,
): string {
  const W = 620;
  const row = 22;
  const nameW = 200;
  const H = items.length * row + 6;
  const max = Math.max(...items.flatMap((i) => [num(i.value), num(i.mark ?? '0')]), 0) || 1;
  const scale = (v: number) => ((W - nameW - 90) * Math.max(0, v)) / max;
  const desc = items
    .map((i) => `${i.name}: ${grouped(i.value)}${unit}${i.mark === undefined ? '' : ` (${i.markLabel} ${grouped(i.mark)}${unit})`}`)
    .join('; ');
  const body = items
    .map((i, k) => {
      const yy = k * row + 4;
      const name = i.name.length > 30 ? `${i.name.slice(0, 29)}…` : i.name;
      const markX = i.mark === undefined ? undefined : nameW + scale(num(i.mark));
      const tick =
        markX === undefined
          ? ''
          : `<line x1="${markX.toFixed(1)}" x2="${markX.toFixed(1)}" y1="${yy - 2}" y2="${yy + 16}" stroke="#1b1f24" stroke-width="2"/>`;
      // Past the end of the bar and of the tick, so the tick never crosses the figure.
      const labelX = Math.max(nameW + scale(num(i.value)), markX ?? 0) + 5;
      return `<text x="0" y="${yy + 12}" font-size="11">${esc(name)}</text><rect x="${nameW}" y="${yy}" width="${scale(num(i.value)).toFixed(1)}" height="14" fill="#54aeff"/>${tick}<text x="${labelX.toFixed(1)}" y="${yy + 12}" font-size="11">${esc(grouped(i.value))}</text>`;
    })
    .join('\n');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-t">${esc(label)}</title><desc id="${id}-d">${esc(desc)}</desc>
${body}
</svg>`;
}

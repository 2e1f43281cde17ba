// The pulse as one self-contained HTML page: inline CSS and SVG, no script, nothing loaded from
// the network, so it works offline, as a mail attachment and printed on A4. Every chart has a
// text alternative (its <title>/<desc>) and its figures in a table beside it. Figures carry
// `data-key` attributes naming their place in the JSON, which the browser test compares.
import { sanitizeStrings } from '../output/sanitize.js';
import { changeText } from './screen.js';
import type { Compared, Headline, PulseReport } from './types.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (s: string) => (s === '' ? 0 : Number(s));
/** 1234567.5 → 1,234,567.5 (thin spacing would not survive every mail client). */
const grouped = (s: string) => s.replace(/^(-?)(\d+)/, (_, sign: string, int: string) => sign + int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

const CSS = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1b1f24; margin: 0 auto; max-width: 60rem; padding: 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .2rem; } h2 { font-size: 1.05rem; margin: 1.4rem 0 .4rem; border-bottom: 1px solid #d0d7de; }
.meta { color: #57606a; margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; margin: .3rem 0 .8rem; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid #eaeef2; vertical-align: top; }
td.n, th.n { text-align: right; white-space: nowrap; }
.alert { color: #b42318; font-weight: 700; } .watch { color: #9a6700; font-weight: 600; }
.up { color: #1a7f37; } .down { color: #b42318; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; } figure { margin: 0; flex: 1 1 26rem; break-inside: avoid; }
figcaption { font-weight: 600; margin-bottom: .2rem; } svg { width: 100%; height: auto; }
.ok { color: #1a7f37; font-weight: 600; }
section { break-inside: avoid-page; }
@media print { body { padding: 0; max-width: none; } h2 { break-after: avoid; } }
`;

export function renderHtml(report: PulseReport): string {
  // Names are data: no control character reaches the page (a `cat` of it, a mail client), whatever the markup.
  const r = sanitizeStrings(report);
  const alerts = r.findings.filter((f) => f.severity === 'alert').length;
  const title = `Pulse of ${r.date}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(title)}${alerts > 0 ? ` – ${alerts} alert${alerts === 1 ? '' : 's'}` : ''}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${esc(title)}</h1>
<p class="meta">Account <span data-key="account">${esc(r.account ?? '')}</span> · zone <span data-key="timeZone">${esc(r.timeZone ?? 'unknown')}</span> ·
compared with ${r.comparedDays.length} comparable of the <span data-key="baselineDays">${r.baselineDays}</span> days before ·
made <time datetime="${esc(r.generatedAt ?? '')}">${esc((r.generatedAt ?? '').replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time> by masg pulse</p>
</header>
${findings(r)}
${headline(r)}
${trend(r)}
${publications(r)}
${movers(r)}
${campaigns(r)}
</body>
</html>
`;
}

function findings(r: PulseReport): string {
  if (r.findings.length === 0) return `<section><h2>Findings</h2><p class="ok">No findings: nothing outside its baseline.</p></section>`;
  const rows = r.findings
    .map(
      (f, i) =>
        `<tr><td class="${f.severity}" data-key="findings.${i}.severity">${f.severity}</td><td data-key="findings.${i}.kind">${f.kind}</td>` +
        `<td data-key="findings.${i}.name">${esc(f.name)}</td><td>${f.metric}</td><td class="n" data-key="findings.${i}.value">${grouped(f.value)}</td>` +
        `<td class="n" data-key="findings.${i}.baseline">${grouped(f.baseline)}</td><td>${esc(f.message)}</td></tr>`,
    )
    .join('\n');
  return `<section><h2>Findings</h2>
<table><thead><tr><th>Severity</th><th>Kind</th><th>Name</th><th>Metric</th><th class="n">Value</th><th class="n">Baseline</th><th>What happened</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

const LABELS: Array<[Headline, string]> = [
  ['requests', 'Requests'],
  ['impressions', 'Impressions'],
  ['fillRate', 'Fill rate'],
  ['clicks', 'Clicks'],
  ['ctr', 'CTR'],
  ['earnings', 'Earnings'],
  ['ecpm', 'eCPM'],
];

function changeCell(change: string | null, key: string): string {
  const cls = change === null ? '' : change.startsWith('-') ? 'down' : 'up';
  return `<td class="n ${cls}" data-key="${key}">${changeText(change)}</td>`;
}

function headline(r: PulseReport): string {
  const p = r.publisher;
  const rows = LABELS.map(
    ([k, label]) =>
      `<tr><th scope="row">${label}${k === 'earnings' || k === 'ecpm' ? ` (${esc(p.currency)})` : ''}</th><td class="n" data-key="publisher.${k}">${grouped(p[k])}</td>` +
      `<td class="n" data-key="publisher.baseline.${k}">${grouped(p.baseline[k])}</td>${changeCell(p.change[k], `publisher.change.${k}`)}</tr>`,
  ).join('\n');
  return `<section><h2>Publisher</h2>
<table><thead><tr><th>Figure</th><th class="n">${esc(r.date)}</th><th class="n">Baseline (mean a day)</th><th class="n">Change</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

/** A line chart of one daily series; the last point (the day) is marked. */
function lineChart(id: string, label: string, dates: string[], values: string[], unit: string): string {
  const W = 420;
  const H = 150;
  const pad = { l: 8, r: 8, t: 10, b: 22 };
  const xs = values.map(num);
  const max = Math.max(...xs, 0) || 1;
  const x = (i: number) => pad.l + (dates.length === 1 ? 0 : (i * (W - pad.l - pad.r)) / (dates.length - 1));
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const points = xs.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = xs.length - 1;
  const low = Math.min(...xs.slice(0, -1));
  const high = Math.max(...xs.slice(0, -1));
  const desc = `${label} per day from ${dates[0]} to ${dates[last]}: on ${dates[last]} ${grouped(values[last])}${unit}; the baseline days ranged from ${grouped(String(low))} to ${grouped(String(high))}${unit}.`;
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-t">${esc(label)} per day</title><desc id="${id}-d">${esc(desc)}</desc>
<line x1="${pad.l}" y1="${H - pad.b}" x2="${W - pad.r}" y2="${H - pad.b}" stroke="#d0d7de"/>
<polyline fill="none" stroke="#0969da" stroke-width="2" points="${points}"/>
${xs.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${i === last ? 4 : 2.5}" fill="${i === last ? '#b42318' : '#0969da'}"/>`).join('')}
<text x="${pad.l}" y="${H - 6}" font-size="11" fill="#57606a">${esc(dates[0])}</text>
<text x="${W - pad.r}" y="${H - 6}" font-size="11" fill="#57606a" text-anchor="end">${esc(dates[last])}</text>
</svg>
<p class="meta">${esc(desc)}</p>`;
}

function trend(r: PulseReport): string {
  const d = r.publisher.daily;
  const dates = d.map((x) => x.date);
  const rows = d
    .map(
      (x, i) =>
        `<tr><td data-key="publisher.daily.${i}.date">${x.date}</td><td class="n" data-key="publisher.daily.${i}.impressions">${grouped(x.impressions)}</td>` +
        `<td class="n" data-key="publisher.daily.${i}.earnings">${grouped(x.earnings)}</td></tr>`,
    )
    .join('\n');
  return `<section><h2>Daily trend</h2>
<div class="charts">
<figure><figcaption>Earnings (${esc(r.publisher.currency)})</figcaption>${lineChart(
    'trend-earnings',
    'Earnings',
    dates,
    d.map((x) => x.earnings),
    ` ${r.publisher.currency}`,
  )}</figure>
<figure><figcaption>Impressions</figcaption>${lineChart(
    'trend-impressions',
    'Impressions',
    dates,
    d.map((x) => x.impressions),
    '',
  )}</figure>
</div>
<table><caption class="meta">The figures of the charts</caption><thead><tr><th>Day</th><th class="n">Impressions</th><th class="n">Earnings</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

/** Horizontal bars: for each row the day's value, and a tick at the baseline. */
function bars(
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
      const tick =
        i.mark === undefined
          ? ''
          : `<line x1="${(nameW + scale(num(i.mark))).toFixed(1)}" x2="${(nameW + scale(num(i.mark))).toFixed(1)}" y1="${yy - 2}" y2="${yy + 16}" stroke="#1b1f24" stroke-width="2"/>`;
      return `<text x="0" y="${yy + 12}" font-size="11">${esc(name)}</text><rect x="${nameW}" y="${yy}" width="${scale(num(i.value)).toFixed(1)}" height="14" fill="#54aeff"/>${tick}<text x="${(nameW + scale(num(i.value)) + 4).toFixed(1)}" y="${yy + 12}" font-size="11">${esc(grouped(i.value))}</text>`;
    })
    .join('\n');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-t">${esc(label)}</title><desc id="${id}-d">${esc(desc)}</desc>
${body}
</svg>`;
}

function publications(r: PulseReport): string {
  if (r.publications.length === 0) return '';
  const items = r.publications.map((p) => ({ name: p.name, value: p.earnings.value, mark: p.earnings.baseline, markLabel: 'baseline' }));
  const rows = r.publications
    .map(
      (p, i) =>
        `<tr><td data-key="publications.${i}.name">${esc(p.name)}</td><td class="n" data-key="publications.${i}.requests">${grouped(p.requests)}</td>` +
        `<td class="n" data-key="publications.${i}.impressions">${grouped(p.impressions)}</td><td class="n" data-key="publications.${i}.earnings.value">${grouped(p.earnings.value)}</td>` +
        `<td class="n" data-key="publications.${i}.earnings.baseline">${grouped(p.earnings.baseline)}</td>${changeCell(p.earnings.change, `publications.${i}.earnings.change`)}</tr>`,
    )
    .join('\n');
  return `<section><h2>Earnings per publication</h2>
<figure><figcaption>Earnings of ${esc(r.date)} per publication; the black tick is the baseline</figcaption>${bars('pubs', 'Earnings per publication', items, ` ${r.publisher.currency}`)}</figure>
<table><thead><tr><th>Publication</th><th class="n">Requests</th><th class="n">Impressions</th><th class="n">Earnings</th><th class="n">Baseline</th><th class="n">Change</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

function moverRows(list: PulseReport['movers']['up'], key: string): string {
  return list
    .map(
      (m, i) =>
        `<tr><td data-key="movers.${key}.${i}.name">${esc(m.name)}</td><td>${m.entity === 'adslot' ? 'ad slot' : 'publication'}</td>` +
        `<td class="n" data-key="movers.${key}.${i}.earnings.value">${grouped(m.earnings.value)}</td><td class="n">${grouped(m.earnings.baseline)}</td>` +
        `<td class="n ${key === 'up' ? 'up' : 'down'}" data-key="movers.${key}.${i}.delta">${grouped(m.delta)}</td>${changeCell(m.earnings.change, `movers.${key}.${i}.earnings.change`)}</tr>`,
    )
    .join('\n');
}

function movers(r: PulseReport): string {
  if (r.movers.up.length + r.movers.down.length === 0) return '';
  return `<section><h2>Movers (earnings against baseline)</h2>
<table><thead><tr><th>Name</th><th>What</th><th class="n">Earnings</th><th class="n">Baseline</th><th class="n">Difference</th><th class="n">Change</th></tr></thead>
<tbody>
${moverRows(r.movers.up, 'up')}
${moverRows(r.movers.down, 'down')}
</tbody></table></section>`;
}

function used(c: PulseReport['campaigns'][number]): Compared {
  return c.budgetType === 'IMPRESSIONS' ? c.impressions : c.budgetType === 'CLICKS' ? c.clicks : c.spend;
}

function campaigns(r: PulseReport): string {
  if (r.campaigns.length === 0) return '';
  const budgeted = r.campaigns.filter((c) => c.dailyUsed !== null);
  const chart =
    budgeted.length === 0
      ? ''
      : `<figure><figcaption>Pacing: the day's use of each daily budget, in percent (the tick is 100 %)</figcaption>${bars(
          'pacing',
          'Daily budget used per campaign',
          budgeted.map((c) => ({ name: c.name, value: c.dailyUsed ?? '0', mark: '100', markLabel: 'budget at' })),
          ' %',
        )}</figure>`;
  const rows = r.campaigns
    .map(
      (c, i) =>
        `<tr><td data-key="campaigns.${i}.name">${esc(c.name)}</td><td>${esc(c.status)}</td><td class="n" data-key="campaigns.${i}.spend.value">${grouped(c.spend.value)}</td>` +
        `${changeCell(c.spend.change, `campaigns.${i}.spend.change`)}<td class="n" data-key="campaigns.${i}.impressions.value">${grouped(c.impressions.value)}</td>` +
        `<td class="n">${grouped(c.clicks.value)}</td><td class="n">${grouped(c.conversions.value)}</td>` +
        `<td class="n">${c.dailyBudget === null ? '–' : `${grouped(used(c).value)} of ${grouped(c.dailyBudget)}`}</td>` +
        `<td class="n" data-key="campaigns.${i}.dailyUsed">${c.dailyUsed ?? '–'}</td></tr>`,
    )
    .join('\n');
  return `<section><h2>Campaigns</h2>
${chart}
<table><thead><tr><th>Campaign</th><th>Status</th><th class="n">Spend</th><th class="n">Change</th><th class="n">Impressions</th><th class="n">Clicks</th><th class="n">Conversions</th><th class="n">Daily budget</th><th class="n">Used %</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

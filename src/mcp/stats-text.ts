// The short text beside a statistics result: the range and zone, the totals, the top rows, and
// what was cut. The structured result holds everything; this is for a person reading along.

interface Report {
  account: string;
  zone: string | null;
  days: { from: string; to: string; note: string | null };
  groupBy: string;
  sort: string;
  totals: Record<string, string>;
  groups: number;
  rows: Array<Record<string, string>>;
  cut: { omittedRows: number; omittedTotals: Record<string, string>; how: string } | null;
}

const SKIP = new Set(['currency', 'publication', 'publicationName', 'adslot', 'adslotName', 'campaign', 'campaignName', 'country', 'date']);

function figures(row: Record<string, string>): string {
  return Object.entries(row)
    .filter(([k, v]) => !SKIP.has(k) && v !== '')
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

function label(row: Record<string, string>, groupBy: string): string {
  if (groupBy === 'day') return row.date;
  if (groupBy === 'country') return row.country || '(no country)';
  const id = groupBy === 'adslot' ? row.adslot : row.publication;
  const name = groupBy === 'adslot' ? row.adslotName : row.publicationName;
  return name ? `${name} (${id})` : (id ?? '');
}

export function renderStats(title: string, r: Report): string {
  const days = r.days.from === r.days.to ? r.days.from : `${r.days.from} to ${r.days.to}`;
  const lines = [`${title}, account ${r.account}, ${days} (${r.zone ?? 'zone unknown'}); money in USD.`];
  if (r.days.note) lines.push(r.days.note);
  lines.push(`Totals: ${figures(r.totals)}.`);
  lines.push(`${r.groups} rows by ${r.groupBy}, sorted by ${r.sort}${r.cut ? `, first ${r.rows.length} shown` : ''}:`);
  for (const row of r.rows) lines.push(`- ${label(row, r.groupBy)}: ${figures(row)}`);
  if (r.cut) lines.push(`Not shown: ${r.cut.omittedRows} rows with ${figures(r.cut.omittedTotals)}. ${r.cut.how}`);
  return lines.join('\n');
}

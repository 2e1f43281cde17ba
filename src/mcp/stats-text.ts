// The short text beside a statistics result: the range and zone, the totals (one line per
// currency when the rows have several), the top rows, and what was cut. The structured result
// holds everything; this is for a person reading along.

type Figures = Record<string, string | null>;

interface Report {
  account: string;
  zone: string | null;
  days: { from: string; to: string; note: string | null };
  groupBy: string;
  sort: string;
  currency: string | null;
  totalsByCurrency: Figures[];
  groups: number;
  rows: Figures[];
  cut: { omittedRows: number; omittedByCurrency: Figures[]; how: string } | null;
}

const SKIP = new Set(['currency', 'publication', 'publicationName', 'adslot', 'adslotName', 'campaign', 'campaignName', 'country', 'date']);

function figures(row: Figures): string {
  return Object.entries(row)
    .filter(([k, v]) => !SKIP.has(k) && v !== null && v !== '')
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** Each currency's sums, said with their currency when there are several. */
function perCurrency(list: Figures[]): string {
  if (list.length <= 1) return figures(list[0] ?? {});
  return list.map((t) => `${t.currency ?? '(no currency)'}: ${figures(t)}`).join('; ');
}

function label(row: Figures, groupBy: string): string {
  if (groupBy === 'day') return row.date ?? '';
  if (groupBy === 'country') return row.country || '(no country)';
  const id = groupBy === 'adslot' ? row.adslot : row.publication;
  const name = groupBy === 'adslot' ? row.adslotName : row.publicationName;
  return name ? `${name} (${id})` : (id ?? '');
}

export function renderStats(title: string, r: Report): string {
  const days = r.days.from === r.days.to ? r.days.from : `${r.days.from} to ${r.days.to}`;
  const money = r.currency === null ? 'money per currency, never summed across them' : `money in ${r.currency}`;
  const lines = [`${title}, account ${r.account}, ${days} (${r.zone ?? 'zone unknown'}); ${money}.`];
  if (r.days.note) lines.push(r.days.note);
  lines.push(`Totals: ${perCurrency(r.totalsByCurrency)}.`);
  lines.push(`${r.groups} rows by ${r.groupBy}, sorted by ${r.sort}${r.cut ? `, first ${r.rows.length} shown` : ''}:`);
  const withCurrency = r.currency === null;
  for (const row of r.rows) lines.push(`- ${label(row, r.groupBy)}${withCurrency ? ` (${row.currency})` : ''}: ${figures(row)}`);
  if (r.cut) lines.push(`Not shown: ${r.cut.omittedRows} rows with ${perCurrency(r.cut.omittedByCurrency)}. ${r.cut.how}`);
  return lines.join('\n');
}

// Restatements as findings: a day of the comparison that a sync fetched again with other figures
// (the warehouse's ledger, masg_sync_restatements: docs/warehouse.md) is said, with the figure,
// before → after and the change in per cent; from `restatement.alert` per cent on, an alert.
import { changeOfText, changeText } from './figures.js';
import type { PulseRules } from './rules.js';
import type { Finding, RestatementRow } from './types.js';

const LEDGER = 'masg_sync_restatements';

/** A warehouse session's one read query (warehouse-source.ts's ReadSession). */
interface ReadSession {
  query(sql: string, params?: string[]): Promise<{ rows: Array<Array<string | null>> }>;
}
/** Per side, its figures in the order a finding picks its `metric`: the money first (what is invoiced). */
const FIGURES = {
  publisher: ['earnings', 'impressions', 'requests', 'clicks'],
  campaign: ['spend', 'impressions', 'clicks', 'conversions'],
} as const;

/** The ledger's applied and accepted rows of the days `first` to `date` (none before schema version 3). */
export async function readRestatements(
  session: ReadSession,
  want: { first: string; date: string; account?: string },
): Promise<RestatementRow[]> {
  const has = await session.query(
    `SELECT count(*) FROM information_schema.tables WHERE table_name = '${LEDGER}' AND table_schema = current_schema()`,
  );
  if (Number(has.rows[0]?.[0] ?? 0) === 0) return [];
  const figures = [...new Set([...FIGURES.publisher, ...FIGURES.campaign])];
  const cols = figures.flatMap((f) => [`CAST(before_${f} AS VARCHAR)`, `CAST(after_${f} AS VARCHAR)`]);
  const params = [want.first, want.date, ...(want.account === undefined ? [] : [want.account])];
  const r = await session.query(
    `SELECT CAST(date AS VARCHAR), side, CAST(seen_at AS VARCHAR), run_id, ${cols.join(', ')} FROM ${LEDGER} ` +
      `WHERE grain = 'day' AND status <> 'held' AND date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)` +
      `${want.account === undefined ? '' : ' AND account = $3'} ORDER BY date, side, seen_at`,
    params,
  );
  return r.rows.map((row) => {
    const side = row[1] === 'campaign' ? 'campaign' : 'publisher';
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    figures.forEach((f, i) => {
      const [b, a] = [row[4 + 2 * i], row[5 + 2 * i]];
      if (b !== null && b !== undefined) before[f] = b;
      if (a !== null && a !== undefined) after[f] = a;
    });
    return { date: row[0] ?? '', side, seenAt: row[2] ?? '', runId: row[3] ?? '', before, after };
  });
}

/** One finding per restated day and side: its leading changed figure, every changed one in the message. */
export function restatementFindings(rows: readonly RestatementRow[], rules: PulseRules): Finding[] {
  const out: Finding[] = [];
  for (const r of rows) {
    const changed = FIGURES[r.side].filter((f) => r.before[f] !== undefined && Number(r.before[f]) !== Number(r.after[f]));
    if (changed.length === 0) continue;
    const metric = changed[0];
    // The change as the headline figures have theirs: exact, to one decimal, half-up; none from 0.
    const changes = changed.map((f) => ({ f, c: changeOfText(r.after[f] ?? '0', r.before[f]) }));
    const alert = changes.some(({ c }) => c === null || Math.abs(Number(c)) >= rules.restatement.alert);
    const said = changes.map(({ f, c }) => `${f} ${r.before[f]} → ${r.after[f]}${c === null ? '' : ` (${changeText(c)})`}`).join(', ');
    const whose = r.side === 'campaign' ? 'campaign statistics' : 'publisher statistics';
    out.push({
      kind: 'restatement',
      severity: alert ? 'alert' : 'watch',
      entity: 'account',
      id: null,
      name: 'the account',
      metric,
      budget: null,
      value: r.after[metric] ?? '0',
      baseline: r.before[metric],
      message: `The ${whose} of ${r.date} were restated by the service: ${said} (seen ${r.seenAt} UTC).`,
      restated: {
        date: r.date,
        side: r.side,
        change: changes[0].c,
        seenAt: r.seenAt,
        runId: r.runId,
      },
    });
  }
  return out;
}

// The pulse's rows from a `masg sync` warehouse (docs/warehouse.md), so synced days need no
// statistics request. Read-only, in SQL both DuckDB and PostgreSQL accept.
import { baselineDates } from './days.js';
import { budgetUnit } from './data.js';
import { needsSpentToDate } from './live.js';
import type { PulseRows } from './live.js';

/** What the pulse needs of a warehouse session: one read query with $1-style parameters. */
export interface ReadSession {
  query(sql: string, params?: string[]): Promise<{ rows: Array<Array<string | null>> }>;
}

export type Coverage = { holds: true } | { holds: false; why: string };

/** Whether every day of the comparison is complete for this account and zone; if not, why. */
export async function warehouseCoverage(
  session: ReadSession,
  want: { account: string; timeZone?: string; date: string; baselineDays: number },
): Promise<Coverage> {
  let meta: Record<string, string>;
  try {
    const r = await session.query('SELECT key, value FROM masg_sync_meta');
    meta = Object.fromEntries(r.rows.map(([k, v]) => [k ?? '', v ?? '']));
  } catch {
    return { holds: false, why: 'it has no synced statistics' };
  }
  if (meta.account !== want.account) return { holds: false, why: `it holds ${meta.account || 'no account'}, not ${want.account}` };
  // Without the account's zone the warehouse's own is taken: its days are the account's days.
  if (want.timeZone !== undefined && meta.timezone !== want.timeZone)
    return { holds: false, why: `its days are counted in ${meta.timezone}, not ${want.timeZone}` };
  const first = baselineDates(want.date, want.baselineDays)[0] ?? want.date;
  const r = await session.query(
    "SELECT count(*) FROM masg_sync_days WHERE grain = 'day' AND complete AND date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)",
    [first, want.date],
  );
  const have = Number(r.rows[0]?.[0] ?? 0);
  const need = want.baselineDays + 1;
  return have === need ? { holds: true } : { holds: false, why: `it holds ${have} of the ${need} days ${first} to ${want.date}` };
}

const text = (v: string | null) => v ?? '';

export async function readWarehouse(session: ReadSession, opts: { date: string; baselineDays: number }): Promise<PulseRows> {
  const first = baselineDates(opts.date, opts.baselineDays)[0] ?? opts.date;
  const range = [first, opts.date];
  // One query after the other: a DuckDB connection runs one statement at a time.
  const pubs = await session.query('SELECT id, name, status FROM publications');
  const slots = await session.query('SELECT id, name, publication FROM adslots');
  const campaigns = await session.query(
    'SELECT id, name, status, advertiser, start_date, end_date, activation_date, daily_budget, overall_budget, ' +
      'daily_budget_weekday, daily_budget_weekend, budget_type, deactivation_date FROM campaigns',
  );
  // Summed over countries: the pulse looks at ad slots, not countries.
  const publisher = await session.query(
    // Sums as text: exact, and the cheapest value for the driver to hand over.
    'SELECT CAST(date AS VARCHAR), publication, adslot, CAST(sum(requests) AS VARCHAR), CAST(sum(impressions) AS VARCHAR), ' +
      'CAST(sum(clicks) AS VARCHAR), CAST(sum(earnings) AS VARCHAR) ' +
      'FROM publisher_stats WHERE date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE) GROUP BY date, publication, adslot',
    range,
  );
  const campaignStats = await session.query(
    'SELECT CAST(date AS VARCHAR), campaign, CAST(impressions AS VARCHAR), CAST(clicks AS VARCHAR), CAST(conversions AS VARCHAR), CAST(spend AS VARCHAR) ' +
      'FROM campaign_stats WHERE date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)',
    range,
  );
  const campaignInfo = campaigns.rows.map((r) => ({
    id: text(r[0]),
    name: text(r[1]),
    status: text(r[2]),
    advertiser: text(r[3]),
    startDate: text(r[4]) || text(r[6]),
    endDate: text(r[5]),
    dailyBudget: text(r[7]),
    overallBudget: text(r[8]),
    dailyBudgetWeekday: text(r[9]),
    dailyBudgetWeekend: text(r[10]),
    budgetType: text(r[11]),
    deactivationDate: text(r[12]),
  }));
  // What a campaign used since its start: only when the warehouse reaches back to that start.
  const firstDay = (await session.query("SELECT CAST(min(date) AS VARCHAR) FROM masg_sync_days WHERE grain = 'day' AND complete"))
    .rows[0]?.[0];
  for (const c of campaignInfo) {
    if (!needsSpentToDate(c, opts.date)) continue;
    if (!firstDay || firstDay > c.startDate.slice(0, 10)) {
      const since = c.startDate.slice(0, 10);
      Object.assign(c, { spentToDateUnknown: `the warehouse starts on ${firstDay ?? '(no day)'}, after the campaign's start ${since}` });
      continue;
    }
    const unit = budgetUnit(c);
    const r = await session.query(
      `SELECT sum(${unit}) FROM campaign_stats WHERE campaign = $1 AND date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [c.id, c.startDate.slice(0, 10), opts.date],
    );
    Object.assign(c, { spentToDate: text(r.rows[0]?.[0] ?? '0') || '0' });
  }
  return {
    publications: pubs.rows.map((r) => ({ id: text(r[0]), name: text(r[1]), status: text(r[2]) })),
    adslots: slots.rows.map((r) => ({ id: text(r[0]), name: text(r[1]), publication: text(r[2]) })),
    campaigns: campaignInfo,
    publisher: publisher.rows.map((r) => ({
      date: text(r[0]),
      publication: text(r[1]),
      adslot: text(r[2]) || undefined,
      requests: text(r[3]),
      impressions: text(r[4]),
      clicks: text(r[5]),
      earnings: text(r[6]),
    })),
    campaignStats: campaignStats.rows.map((r) => ({
      date: text(r[0]),
      campaign: text(r[1]),
      impressions: text(r[2]),
      clicks: text(r[3]),
      conversions: text(r[4]),
      spend: text(r[5]),
    })),
  };
}

// The pulse's rows from a `masg sync` warehouse (docs/warehouse.md), so synced days need no
// statistics request. Read-only, in SQL both DuckDB and PostgreSQL accept.
import { baselineDates } from './days.js';
import { budgetUnit } from './data.js';
import { needsSpentToDate } from './live.js';
import type { PulseRows } from './live.js';
import { readRestatements } from './restatements.js';

/** What the pulse needs of a warehouse session: one read query with $1-style parameters. */
export interface ReadSession {
  query(sql: string, params?: string[]): Promise<{ rows: Array<Array<string | null>> }>;
}

export type Coverage = { holds: true } | { holds: false; why: string };

/** The tables the pulse reads; in a warehouse of several accounts each has an `account` column (the account's e-mail). */
const READ_TABLES = ['publications', 'adslots', 'campaigns', 'publisher_stats', 'campaign_stats', 'masg_sync_days', 'masg_sync_meta'];

/**
 * Which of the tables the pulse reads hold several accounts' rows: those with an `account`
 * column, as the engine's catalog says (DuckDB and PostgreSQL both have information_schema). A
 * warehouse of one account (no such column) is read whole, as before.
 */
export async function accountTables(session: ReadSession): Promise<Set<string>> {
  const list = READ_TABLES.map((t) => `'${t}'`).join(', ');
  const r = await session.query(
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'account' AND table_schema = current_schema() AND table_name IN (${list})`,
  );
  return new Set(r.rows.map(([t]) => t ?? ''));
}

/** ` AND account = $n` for a table of several accounts (its rows of this account only), '' for a table of one. */
function mine(scoped: Set<string>, table: string, n: number, prefix = 'AND'): string {
  return scoped.has(table) ? ` ${prefix} account = $${n}` : '';
}

/** Whether every day of the comparison is complete for this account and zone; if not, why. */
export async function warehouseCoverage(
  session: ReadSession,
  want: { account: string; timeZone?: string; date: string; baselineDays: number; service?: string },
): Promise<Coverage> {
  let meta: Record<string, string>;
  let scoped: Set<string>;
  try {
    scoped = await accountTables(session);
    const metaOf = scoped.has('masg_sync_meta');
    const r = await session.query(
      `SELECT key, value FROM masg_sync_meta${mine(scoped, 'masg_sync_meta', 1, 'WHERE')}`,
      metaOf ? [want.account] : [],
    );
    meta = Object.fromEntries(r.rows.map(([k, v]) => [k ?? '', v ?? '']));
  } catch {
    return { holds: false, why: 'it has no synced statistics' };
  }
  // A warehouse of one account says which; one of several keys its days by account (counted below).
  if (!scoped.has('masg_sync_days') && meta.account !== want.account)
    return { holds: false, why: `it holds ${meta.account || 'no account'}, not ${want.account}` };
  // An account is an e-mail at a service: the same e-mail's rows from another service are not its rows.
  const held = want.service === undefined ? undefined : await heldService(session, want.account);
  if (held && held !== want.service) return { holds: false, why: `it holds ${want.account} from ${held}, not from ${want.service}` };
  // Without the account's zone the warehouse's own is taken: its days are the account's days.
  if (want.timeZone !== undefined && meta.timezone !== want.timeZone && !(scoped.has('masg_sync_days') && meta.timezone === undefined))
    return { holds: false, why: `its days are counted in ${meta.timezone}, not ${want.timeZone}` };
  const first = baselineDates(want.date, want.baselineDays)[0] ?? want.date;
  const r = await session.query(
    "SELECT count(*) FROM masg_sync_days WHERE grain = 'day' AND complete AND date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)" +
      mine(scoped, 'masg_sync_days', 3),
    scoped.has('masg_sync_days') ? [first, want.date, want.account] : [first, want.date],
  );
  const have = Number(r.rows[0]?.[0] ?? 0);
  const need = want.baselineDays + 1;
  if (have === 0 && scoped.has('masg_sync_days'))
    return { holds: false, why: `it holds no day of ${want.account} from ${first} to ${want.date}` };
  return have === need ? { holds: true } : { holds: false, why: `it holds ${have} of the ${need} days ${first} to ${want.date}` };
}

/** The service masg_sync_accounts records for the account; undefined in a warehouse from before it was recorded (no column), or none yet. */
async function heldService(session: ReadSession, account: string): Promise<string | undefined> {
  const column = await session.query(
    "SELECT count(*) FROM information_schema.columns WHERE table_name = 'masg_sync_accounts' AND column_name = 'service' AND table_schema = current_schema()",
  );
  if (Number(column.rows[0]?.[0] ?? 0) === 0) return undefined;
  const r = await session.query('SELECT service FROM masg_sync_accounts WHERE account = $1', [account]);
  return r.rows[0]?.[0] ?? undefined;
}

const text = (v: string | null) => v ?? '';

/** In a warehouse of several accounts, this account's rows only: the filter of each table and its parameters. */
type Scope = (table: string, params: string[], prefix?: string) => { where: string; params: string[] };

function scopeOf(scoped: Set<string>, account: string | undefined): Scope {
  return (table, params, prefix = 'AND') =>
    account !== undefined && scoped.has(table)
      ? { where: mine(scoped, table, params.length + 1, prefix), params: [...params, account] }
      : { where: '', params };
}

export async function readWarehouse(
  session: ReadSession,
  opts: { date: string; baselineDays: number; account?: string },
): Promise<PulseRows> {
  const first = baselineDates(opts.date, opts.baselineDays)[0] ?? opts.date;
  const range = [first, opts.date];
  const scope = scopeOf(opts.account === undefined ? new Set() : await accountTables(session), opts.account);
  const all = (table: string, columns: string) => {
    const s = scope(table, [], 'WHERE');
    return session.query(`SELECT ${columns} FROM ${table}${s.where}`, s.params);
  };
  // One query after the other: a DuckDB connection runs one statement at a time.
  const pubs = await all('publications', 'id, name, status');
  const slots = await all('adslots', 'id, name, publication');
  const campaigns = await all(
    'campaigns',
    'id, name, status, advertiser, start_date, end_date, activation_date, daily_budget, overall_budget, ' +
      'daily_budget_weekday, daily_budget_weekend, budget_type, deactivation_date',
  );
  const p = scope('publisher_stats', range);
  // Summed over countries: the pulse looks at ad slots, not countries.
  const publisher = await session.query(
    // Sums as text: exact, and the cheapest value for the driver to hand over.
    'SELECT CAST(date AS VARCHAR), publication, adslot, CAST(sum(requests) AS VARCHAR), CAST(sum(impressions) AS VARCHAR), ' +
      'CAST(sum(clicks) AS VARCHAR), CAST(sum(earnings) AS VARCHAR) ' +
      `FROM publisher_stats WHERE date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)${p.where} GROUP BY date, publication, adslot`,
    p.params,
  );
  const c = scope('campaign_stats', range);
  const campaignStats = await session.query(
    'SELECT CAST(date AS VARCHAR), campaign, CAST(impressions AS VARCHAR), CAST(clicks AS VARCHAR), CAST(conversions AS VARCHAR), CAST(spend AS VARCHAR) ' +
      `FROM campaign_stats WHERE date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)${c.where}`,
    c.params,
  );
  const campaignInfo = await withSpentToDate(session, scope, campaignRows(campaigns.rows), opts.date);
  const restatements = await readRestatements(session, { first, date: opts.date, account: opts.account });
  return {
    restatements,
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

/** What a campaign used since its start: only when the warehouse reaches back to that start (for this account). */
async function withSpentToDate(session: ReadSession, scope: Scope, campaignInfo: CampaignRow[], date: string): Promise<CampaignRow[]> {
  const d = scope('masg_sync_days', []);
  const firstDay = (
    await session.query(`SELECT CAST(min(date) AS VARCHAR) FROM masg_sync_days WHERE grain = 'day' AND complete${d.where}`, d.params)
  ).rows[0]?.[0];
  for (const c of campaignInfo) {
    if (!needsSpentToDate(c, date)) continue;
    if (!firstDay || firstDay > c.startDate.slice(0, 10)) {
      const since = c.startDate.slice(0, 10);
      Object.assign(c, { spentToDateUnknown: `the warehouse starts on ${firstDay ?? '(no day)'}, after the campaign's start ${since}` });
      continue;
    }
    const unit = budgetUnit(c);
    const q = scope('campaign_stats', [c.id, c.startDate.slice(0, 10), date]);
    const r = await session.query(
      `SELECT sum(${unit}) FROM campaign_stats WHERE campaign = $1 AND date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)${q.where}`,
      q.params,
    );
    Object.assign(c, { spentToDate: text(r.rows[0]?.[0] ?? '0') || '0' });
  }
  return campaignInfo;
}

type CampaignRow = ReturnType<typeof campaignRows>[number];

function campaignRows(rows: Array<Array<string | null>>) {
  return rows.map((r) => ({
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
}

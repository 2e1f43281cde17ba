// `masg sync --status`: per account and grain, what the warehouse holds (read-only): its days, which
// are final and which still provisional (inside the lookback: the next sync fetches them again,
// and today, partial), the gaps between them, and the account's last run with its result.

import type { Column } from '../schema/column.js';
import { resolveProfileName } from '../config/settings.js';
import type { WarehousePort } from './port.js';
import { openSession } from './session.js';
import { ACCOUNTS_TABLE, RESTATEMENTS_TABLE, STATE_TABLE } from './schema.js';
import { needsUpgrade } from './upgrade.js';
import { WarehouseStore } from './store.js';
import type { Target } from './target.js';
import { fromProfile } from '../sdk/profile.js';

export interface StatusRow extends Record<string, string> {
  account: string;
  timezone: string;
  grain: string;
  first: string;
  last: string;
  days: string;
  /** The last day that is final: complete, and before the lookback. */
  final_through: string;
  /** Days the next sync fetches again, oldest first. */
  provisional: string;
  /** Missing days between the first and the last, as ranges. */
  gaps: string;
  /** Days fetched again with other figures, applied or accepted (the ledger, masg_sync_restatements). */
  restated: string;
  /** Days whose new answer is held: they keep their rows until --accept-restated takes it. */
  held: string;
  last_run_started: string;
  last_run_ended: string;
  last_result: string;
  last_message: string;
  /** The service the account was synced from (service.ts); empty before its first sync since an upgrade. */
  service: string;
}

export const STATUS_COLUMNS: Column[] = [
  { key: 'account', priority: 1 },
  { key: 'timezone', priority: 3 },
  { key: 'grain', priority: 3 },
  { key: 'first', priority: 2 },
  { key: 'last', priority: 1 },
  { key: 'days', type: 'int', priority: 1 },
  { key: 'final_through', priority: 1 },
  { key: 'provisional', priority: 1, wrap: true },
  { key: 'gaps', priority: 1, wrap: true },
  { key: 'restated', priority: 2, wrap: true },
  { key: 'held', priority: 1, wrap: true },
  { key: 'last_run_started', priority: 3 },
  { key: 'last_run_ended', priority: 2 },
  { key: 'last_result', priority: 1 },
  { key: 'last_message', priority: 3, wrap: true },
  // Last: the columns before it keep the places scripts read them at.
  { key: 'service', priority: 3 },
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The tables the status reads, an older version's read as the upgrade will make them: version 1
 * (one account, named in the meta) as one account's row; versions 2 and 3 without a service yet.
 */
function sources(meta: Record<string, string>): { accounts: string; days: string } {
  if (meta.schema === '2' || meta.schema === '3') {
    const kept = ACCOUNTS_TABLE.columns.filter((c) => c.name !== 'service').map((c) => c.name);
    return {
      accounts: `(SELECT ${kept.join(', ')}, CAST(NULL AS VARCHAR) AS service FROM ${ACCOUNTS_TABLE.name})`,
      days: STATE_TABLE.name,
    };
  }
  if (meta.schema !== '1') return { accounts: ACCOUNTS_TABLE.name, days: STATE_TABLE.name };
  const account = lit(meta.account ?? '');
  return {
    accounts:
      `(SELECT CAST(${account} AS VARCHAR) AS account, CAST(${lit(meta.timezone ?? '')} AS VARCHAR) AS timezone, CAST(NULL AS BIGINT) AS lookback, ` +
      'CAST(NULL AS TIMESTAMP) AS last_run_started, CAST(NULL AS TIMESTAMP) AS last_run_ended, CAST(NULL AS VARCHAR) AS last_result, ' +
      'CAST(NULL AS VARCHAR) AS last_message, CAST(NULL AS VARCHAR) AS service)',
    days: `(SELECT CAST(${account} AS VARCHAR) AS account, grain, date, complete FROM ${STATE_TABLE.name})`,
  };
}

/**
 * The one profile --profile or MASG_PROFILE names, as a list of one; undefined when neither does.
 * The active or default profile is no choice: without one, --status shows every account it holds.
 */
export function namedProfiles(ctx: Pick<WarehousePort, 'globals' | 'io'>): string[] | undefined {
  if (ctx.globals.sandbox) return undefined; // the sandbox's own warehouse: its demo account only
  // No config file given: the profile `masg switch` saved comes back as "default", not as a choice.
  const { name, source } = resolveProfileName(ctx.globals, ctx.io.env);
  return source === 'flag' || source === 'env' ? [name] : undefined;
}

/** Every account of the warehouse; with a list of profiles, their accounts only (their e-mails, as the profiles say). */
export async function syncStatus(ctx: WarehousePort, target: Target, profiles?: string[]): Promise<StatusRow[]> {
  const only = profiles && (await emailsOf(ctx, profiles));
  const rows = await readStatus(target);
  return only ? rows.filter((r) => only.has(r.account)) : rows;
}

async function emailsOf(ctx: WarehousePort, profiles: string[]): Promise<Set<string>> {
  const emails = new Set<string>();
  for (const name of profiles) emails.add((await fromProfile(name, { env: ctx.io.env, configDir: ctx.configDir })).email);
  return emails;
}

async function readStatus(target: Target): Promise<StatusRow[]> {
  const session = await openSession(target, { readOnly: true, create: false });
  const store = new WarehouseStore(session);
  try {
    const meta = await store.readMeta();
    await store.refuseForeignTables(meta);
    if (!meta.schema) return [];
    store.checkVersion(needsUpgrade(meta) ? {} : meta);
    return await statusRows(store, sources(meta));
  } finally {
    await session.close();
  }
}

const v = (x: string | null | undefined) => x ?? '';
const key = (account: string | null, grain: string | null) => `${account}\u0000${grain}`;

async function statusRows(store: WarehouseStore, from: { accounts: string; days: string }): Promise<StatusRow[]> {
  const summary = await store.query(
    'SELECT a.account, a.timezone, d.grain, CAST(min(d.date) AS VARCHAR), CAST(max(d.date) AS VARCHAR), CAST(count(d.date) AS VARCHAR), ' +
      'CAST(max(CASE WHEN d.complete THEN d.date END) AS VARCHAR), CAST(a.last_run_started AS VARCHAR), CAST(a.last_run_ended AS VARCHAR), ' +
      `a.last_result, a.last_message, CAST(a.lookback AS VARCHAR), a.service FROM ${from.accounts} a LEFT JOIN ${from.days} d ON d.account = a.account ` +
      'GROUP BY a.account, a.timezone, d.grain, a.last_run_started, a.last_run_ended, a.last_result, a.last_message, a.lookback, a.service ' +
      'ORDER BY a.account, d.grain',
  );
  const gaps = await grouped(
    store,
    'SELECT account, grain, CAST(prev + 1 AS VARCHAR), CAST(date - 1 AS VARCHAR) FROM (SELECT account, grain, date, ' +
      `lag(date) OVER (PARTITION BY account, grain ORDER BY date) AS prev FROM ${from.days} s) t WHERE date - prev > 1 ORDER BY account, grain, date`,
    ([, , a, b]) => (a === b ? v(a) : `${v(a)} to ${v(b)}`),
  );
  // Inside the lookback of the account's last run (0 when unknown): what the next sync fetches again.
  const provisional = await grouped(
    store,
    `SELECT d.account, d.grain, CAST(d.date AS VARCHAR) FROM ${from.days} d JOIN ${from.accounts} a ON a.account = d.account ` +
      `WHERE NOT d.complete OR d.date > (SELECT max(e.date) FROM ${from.days} e WHERE e.account = d.account AND e.grain = d.grain AND e.complete) ` +
      '- CAST(coalesce(a.lookback, 0) AS INTEGER) ORDER BY d.account, d.grain, d.date',
    ([, , date]) => v(date),
  );
  const final = await grouped(
    store,
    `SELECT d.account, d.grain, CAST(max(d.date) AS VARCHAR) FROM ${from.days} d JOIN ${from.accounts} a ON a.account = d.account ` +
      `WHERE d.complete AND d.date <= (SELECT max(e.date) FROM ${from.days} e WHERE e.account = d.account AND e.grain = d.grain AND e.complete) ` +
      '- CAST(coalesce(a.lookback, 0) AS INTEGER) GROUP BY d.account, d.grain',
    ([, , date]) => v(date),
  );
  const ledger = await restatedDays(store);
  return summary.rows.map((r) => {
    const [account, timezone, grain, first, last, days] = r;
    const k = key(account, grain);
    const recent = provisional.get(k) ?? [];
    return {
      account: v(account),
      timezone: v(timezone),
      grain: grain ?? 'day',
      first: v(first),
      last: v(last),
      days: v(days),
      final_through: final.get(k)?.[0] ?? '',
      provisional: recent.join(', '),
      gaps: (gaps.get(k) ?? []).join(', '),
      restated: (ledger.restated.get(k) ?? []).join(', '),
      held: (ledger.held.get(k) ?? []).join(', '),
      last_run_started: v(r[7]),
      last_run_ended: v(r[8]),
      last_result: v(r[9]),
      last_message: v(r[10]),
      service: v(r[12]),
    };
  });
}

/** Per account and grain: the days restated (applied or accepted) and the days held, oldest first; none before version 3. */
async function restatedDays(store: WarehouseStore): Promise<{ restated: Map<string, string[]>; held: Map<string, string[]> }> {
  if (!(await store.exclusive(() => store.hasTable(RESTATEMENTS_TABLE.name)))) return { restated: new Map(), held: new Map() };
  const of = (held: boolean) =>
    grouped(
      store,
      `SELECT account, grain, CAST(date AS VARCHAR) FROM ${RESTATEMENTS_TABLE.name} WHERE status ${held ? '=' : '<>'} 'held' ` +
        'GROUP BY account, grain, date ORDER BY account, grain, date',
      ([, , date]) => v(date),
    );
  return { restated: await of(false), held: await of(true) };
}

async function grouped(store: WarehouseStore, sql: string, item: (row: Array<string | null>) => string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const row of (await store.query(sql)).rows) {
    const k = key(row[0] ?? null, row[1] ?? null);
    const list = out.get(k) ?? [];
    list.push(item(row));
    out.set(k, list);
  }
  return out;
}

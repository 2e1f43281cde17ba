// What the warehouse keeps per account besides its rows: the zone its days are counted in, the
// service it is synced from, the last run and its result (masg_sync_accounts), and on PostgreSQL,
// the lock a running sync holds on it (an advisory lock keyed by the account, and a row naming the
// host for whoever is refused).

import { hostname } from 'node:os';
import { LocalIOError, UsageError } from '../core/errors.js';
import { ACCOUNTS_TABLE, insertSql, LOCKS_TABLE } from './schema.js';
import { refuseOtherService } from './service.js';
import type { WarehouseStore } from './store.js';

/** The advisory lock of one account: two keys, masg's and the account's, so accounts never share one. */
const accountLock = "hashtext('masg sync'), hashtext($1)";

const now = () => new Date().toISOString().replace('T', ' ').replace('Z', '');

/** What a run claims the account with: the zone its days are counted in, the service it comes from (service.ts), its lookback. */
export interface AccountClaim {
  timezone: string;
  service: string;
  lookback: number;
}

/**
 * The account's service and zone are fixed by its first sync: its rows must be one account's,
 * and a `date` must mean one day. A run from another service is refused for that account (exit 2,
 * OtherServiceError), as is a run in another zone; an account without a service yet (upgraded
 * from version 3 or older, or cleared to move it) gets this run's. Also keeps version 1's meta
 * rows true (schema.ts, META_TABLE).
 */
export async function claimAccount(store: WarehouseStore, account: string, claim: AccountClaim): Promise<void> {
  const { timezone, service, lookback } = claim;
  await store.transaction(async () => {
    const s = store.session;
    // Hosts claiming accounts at once take turns: the meta rows below depend on every account.
    await store.schemaLock();
    const r = await s.query(`SELECT timezone, service FROM ${ACCOUNTS_TABLE.name} WHERE account = $1`, [account]);
    const [held, heldService] = r.rows[0] ?? [];
    refuseOtherService(store.label, account, heldService, service);
    if (held && held !== timezone) {
      throw new UsageError(`The warehouse ${store.label} counts the days of ${account} in ${held}; this run would use ${timezone}.`, {
        field: '--tz',
        hint: `Sync ${account} with its zone ${held} (masg login --timezone, or --tz for one account), or keep the other zone in another database.`,
      });
    }
    if (held === undefined)
      await s.exec(insertSql(ACCOUNTS_TABLE, ['account', 'timezone', 'lookback', 'service'], s.dialect), [
        account,
        timezone,
        String(lookback),
        service,
      ]);
    else
      await s.exec(`UPDATE ${ACCOUNTS_TABLE.name} SET lookback = CAST($2 AS BIGINT), service = $3 WHERE account = $1`, [
        account,
        String(lookback),
        service,
      ]);
    const all = await s.query(`SELECT account, timezone FROM ${ACCOUNTS_TABLE.name}`);
    const only = all.rows.length === 1 ? all.rows[0] : undefined;
    await store.putMeta({ account: only?.[0] ?? undefined, timezone: only?.[1] ?? undefined });
  });
}

export interface RunRecord {
  started: string;
  /** `ok`, `held` (a day's answer held), or the failure's kind (restricted, rejected, interrupted, failed). */
  result: string;
  message?: string;
}

/**
 * The run's start, before its first day: until recordRun replaces it, `--status` says the run
 * started and never ended (still running, or killed), never the run before it's `ok`.
 */
export async function recordStart(store: WarehouseStore, account: string, started: string): Promise<void> {
  await store.transaction(() =>
    store.session.exec(
      `UPDATE ${ACCOUNTS_TABLE.name} SET last_run_started = CAST($2 AS TIMESTAMP), last_run_ended = NULL, last_result = 'started', ` +
        'last_message = $3 WHERE account = $1',
      [account, started, 'started and has not ended: still running, or stopped without ending (kill -9, a crash)'],
    ),
  );
}

/** The run's outcome, for `masg sync --status`; written whatever the outcome, in its own transaction. */
export async function recordRun(store: WarehouseStore, account: string, run: RunRecord): Promise<void> {
  await store.transaction(() =>
    store.session.exec(
      `UPDATE ${ACCOUNTS_TABLE.name} SET last_run_started = CAST($2 AS TIMESTAMP), last_run_ended = CAST($3 AS TIMESTAMP), ` +
        'last_result = $4, last_message = $5 WHERE account = $1',
      [account, run.started, now(), run.result, run.message ?? ''],
    ),
  );
}

export { now as timestampNow };

/**
 * PostgreSQL: one sync per account at a time, across hosts. The advisory lock is the lock (the
 * server releases it when the process dies); the row only names who holds it. DuckDB: the file
 * lock already makes this process the only writer.
 */
export async function lockAccount(store: WarehouseStore, account: string): Promise<void> {
  if (store.session.dialect !== 'postgres') return;
  const got = await store.query(`SELECT pg_try_advisory_lock(${accountLock})`, [account]);
  if (got.rows[0]?.[0] !== 'true') {
    const r = await store.query(`SELECT host, CAST(pid AS VARCHAR), CAST(since AS VARCHAR) FROM ${LOCKS_TABLE.name} WHERE account = $1`, [
      account,
    ]);
    const [host, pid, since] = r.rows[0] ?? [];
    const who = host ? `masg sync on ${host} (PID ${pid}, since ${since} UTC)` : 'another masg sync';
    throw new LocalIOError(`The account ${account} is being synced into ${store.label} by ${who}.`, {
      path: store.label,
      errno: 'EBUSY',
      hint: 'One sync writes an account at a time (a PostgreSQL advisory lock per account). Wait for the other one to finish, then run this again.',
    });
  }
  // Taken over: a row left by a killed sync has no lock behind it.
  await store.transaction(async () => {
    await store.session.exec(`DELETE FROM ${LOCKS_TABLE.name} WHERE account = $1`, [account]);
    await store.session.exec(insertSql(LOCKS_TABLE, ['account', 'host', 'pid', 'since'], store.session.dialect), [
      account,
      hostname(),
      String(process.pid),
      now(),
    ]);
  });
}

export async function unlockAccount(store: WarehouseStore, account: string): Promise<void> {
  if (store.session.dialect !== 'postgres') return;
  await store.transaction(() => store.session.exec(`DELETE FROM ${LOCKS_TABLE.name} WHERE account = $1`, [account]));
  await store.query(`SELECT pg_advisory_unlock(${accountLock})`, [account]);
}

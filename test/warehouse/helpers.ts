// Shared by the warehouse tests: a sandbox on the real clock (masg sync counts days from today,
// so the sandbox must have figures up to now), and table dumps through `masg sql` itself.
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseCsv, startHarness, tempDir, type Harness } from '../commands/harness.js';
import { createClient } from '../../src/sdk/client.js';
import { DayFiles, type DayStep } from '../../src/warehouse/day-files.js';
import { ALL_TABLES, LOCKS_TABLE, type Grain } from '../../src/warehouse/schema.js';
import type { SqlSession } from '../../src/warehouse/sql-session.js';
import { StagingDir } from '../../src/warehouse/staging.js';
import { WarehouseStore } from '../../src/warehouse/store.js';
import { fetchPublisherPiece } from '../../src/warehouse/sync-fetch.js';
import type { Piece } from '../../src/warehouse/sync-requests.js';

export async function startWarehouseHarness(opts: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  return startHarness({ now: () => new Date(), ...opts });
}

export function duckPath(name = 'stats.duckdb'): string {
  return join(tempDir('masg-wh-'), name);
}

/**
 * `masg sql --db DB` for reading in tests: the test PostgreSQL server's role is its superuser,
 * which masg sql refuses without --write (it can act outside a read-only transaction).
 */
const sqlOn = (db: string): string[] => ['sql', '--db', db, ...(/^postgres(ql)?:/.test(db) ? ['--write'] : [])];

/** When a row was written, and how the account's last run went: the run's bookkeeping, not what the warehouse holds (--status tests read them). */
const WHEN = new Set(['synced_at', 'last_run_started', 'last_run_ended', 'last_result', 'last_message', 'seen_at', 'run_id']);

/** A table's rows as CSV, ordered by its key (the run's bookkeeping left out: it differs between equal runs). */
export async function dump(h: Harness, db: string, table: string): Promise<string> {
  const def = ALL_TABLES.find((t) => t.name === table)!;
  const cols = def.columns.map((c) => c.name).filter((c) => !WHEN.has(c));
  const run = await h.masg([...sqlOn(db), '-o', 'csv', `SELECT ${cols.join(', ')} FROM ${table} ORDER BY ${def.key.join(', ')}`]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

/** Every table but the meta and the locks (empty once a sync ended). */
export const WAREHOUSE_TABLES = ALL_TABLES.map((t) => t.name).filter((n) => n !== 'masg_sync_meta' && n !== LOCKS_TABLE.name);

/** Every table of the warehouse, dumped. */
export async function dumpAll(h: Harness, db: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of WAREHOUSE_TABLES) out[t] = await dump(h, db, t);
  return out;
}

/** Rows whose key appears more than once (must be 0). */
export async function duplicateKeys(h: Harness, db: string, table: string): Promise<number> {
  const def = ALL_TABLES.find((t) => t.name === table)!;
  const run = await h.masg([
    ...sqlOn(db),
    '-o',
    'csv',
    '--no-header',
    `SELECT count(*) FROM (SELECT ${def.key.join(', ')} FROM ${table} GROUP BY ${def.key.join(', ')} HAVING count(*) > 1) d`,
  ]);
  expect(run.code).toBe(0);
  return Number(run.stdout.trim());
}

export async function scalar(h: Harness, db: string, sql: string): Promise<string> {
  const run = await h.masg([...sqlOn(db), '-o', 'csv', '--no-header', sql]);
  expect(run.stderr).toBe('');
  return (await parseCsv(run.stdout))[0]?.[0] ?? '';
}

/**
 * The piece's publisher report fetched again into the session's warehouse (then closed) in 2-row
 * parts, its first attempt cut mid-way by the sandbox; the steps handed to the day's transaction.
 */
export async function refetchCut(h: Harness, session: SqlSession, grain: Grain, piece: Piece): Promise<DayStep[]> {
  const staging = new StagingDir(tempDir('masg-wh-stage-'));
  const sdk = createClient({ baseUrl: h.sandbox.url, email: h.sandbox.demo.email, key: h.sandbox.demo.key, retries: 0 });
  const steps: DayStep[] = [];
  const files = new DayFiles();
  try {
    h.sandbox.setFaults({ next: ['truncate'], path: '/publication/statistics' });
    const fc = {
      ...{ sdk, account: h.sandbox.demo.email, grain, staging, signal: new AbortController().signal },
      ...{ retry: { retries: 2 }, notice: () => undefined, onRows: () => undefined, partRows: 2 },
    };
    const handOn = (step: DayStep) => (steps.push(step), files.push(step));
    void fetchPublisherPiece(fc, piece, handOn).then(
      () => files.end(),
      (err: unknown) => files.fail(err),
    );
    const rows = () => ({ publisher: files.publisherRows, campaign: files.campaignRows });
    // One hour of an hourly day replaces the whole day: a cut the hold would refuse, taken as --accept-restated would.
    const policy = { holdCut: 50, accept: new Set([piece.date]), runId: 'refetch-cut' };
    const day = { account: h.sandbox.demo.email, grain, date: piece.date, complete: true, files, rows, policy };
    await new WarehouseStore(session).replaceDay(day, () => new Date().toISOString().replace('T', ' ').replace('Z', ''));
  } finally {
    h.sandbox.setFaults(undefined);
    staging.remove();
    await session.close();
    await sdk.close();
  }
  return steps;
}

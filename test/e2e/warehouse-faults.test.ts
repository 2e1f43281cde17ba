// Faults forced for real on the built binary (bin/masg.cjs): kill -9 at several moments of a sync,
// then a re-run, must end with exactly the tables of a clean run; two syncs started on one
// database at once: the second refuses clearly (exit 7) and the first is unharmed. DuckDB files
// here; PostgreSQL in postgres.test.ts.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { dumpAll, duckPath, duplicateKeys, startWarehouseHarness } from '../warehouse/helpers.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));
// No --from and no lookback: the first run backfills 30 days (-31d … -2d: 30 × (1 + 6 campaigns)
// requests at 15 ms each, one at a time, long enough to kill mid-way), and a re-run continues
// from the state alone. So if the state ever ran ahead of the data, the re-run would skip a day
// and the tables would differ from the clean run's.
const ARGS = ['sync', '--to', '-2d', '--lookback', '0', '--tz', 'America/New_York', '--concurrency', '1'];

let h: Harness;
beforeAll(async () => {
  h = await startWarehouseHarness({ latencyMs: 15 });
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

function start(db: string): { child: ChildProcess; done: Promise<{ code: number | null; signal: string | null; stderr: string }> } {
  const run = spawnMasg([...ARGS, '--db', db], { env: { HOME: '/nonexistent', ...h.env } });
  return { child: run.child, done: run.ended.then((end) => ({ ...end, stderr: run.stderr() })) };
}

const statsRequests = () => h.sent().filter((r) => r.path.includes('/statistics')).length;

/** Waits for `what`, however long a busy machine takes; fails if the child ended first. */
async function until(what: () => boolean, child: ChildProcess): Promise<void> {
  while (!what()) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the sync ended (exit ${child.exitCode}) before the moment to kill it`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.skipIf(!BUILT)('a sync killed with SIGKILL, then run again', () => {
  let clean: Record<string, string>;
  beforeAll(async () => {
    const db = duckPath('clean.duckdb');
    const run = await start(db).done;
    expect(run).toMatchObject({ code: 0 });
    clean = await dumpAll(h, db);
  }, 60_000);

  // After n statistics requests: before the first day, after a few days, late in the run.
  it.each([0, 20, 80, 170])(
    'killed after %i statistics requests',
    async (n) => {
      const db = duckPath();
      h.mark();
      const { child, done } = start(db);
      await until(() => statsRequests() >= n && (n > 0 || h.sent().length > 0), child);
      child.kill('SIGKILL');
      expect((await done).signal).toBe('SIGKILL');
      const again = await start(db).done;
      expect(again.code).toBe(0);
      expect(await dumpAll(h, db)).toEqual(clean);
      for (const t of ['publisher_stats', 'campaign_stats', 'masg_sync_days']) expect(await duplicateKeys(h, db, t)).toBe(0);
    },
    60_000,
  );
});

describe.skipIf(!BUILT)('two syncs on one DuckDB file', () => {
  it('the second refuses with exit 7 and says why; the first completes', async () => {
    const db = duckPath();
    h.mark();
    const first = start(db);
    await until(() => statsRequests() >= 2, first.child);
    const second = await start(db).done;
    expect(second.code).toBe(7);
    expect(second.stderr).toContain(`The warehouse ${db} is in use by another process`);
    expect(second.stderr).toContain('Wait for the other one to finish');
    expect((await first.done).code).toBe(0);
    expect(await duplicateKeys(h, db, 'publisher_stats')).toBe(0);
  }, 60_000);

  it('masg sql while a sync writes: the same clear refusal', async () => {
    const db = duckPath();
    h.mark();
    const sync = start(db);
    await until(() => statsRequests() >= 2, sync.child);
    const sql = await h.masg(['sql', '--db', db, 'SELECT count(*) FROM publisher_stats']);
    expect(sql.code).toBe(7);
    expect(sql.stderr).toContain('is in use by another process');
    expect((await sync.done).code).toBe(0);
  }, 60_000);
});

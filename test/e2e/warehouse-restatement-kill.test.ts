// kill -9 while a restated day is written, on the built binary, at each step the sync pauses at
// (MASG_TEST_RESTATE_PAUSE): after the day's new rows are loaded, after its ledger row, and inside
// a held answer's own transaction. Each time the day is as it was and the ledger says nothing
// happened; the next run writes the day and its ledger row together. DuckDB and PostgreSQL.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { duckPath, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { pinnedRange } from '../warehouse/accounts.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));
const RANGE = [...pinnedRange(6, 2), '--tz', 'America/New_York'];

let h: Harness;
let pg: { createDatabase(): Promise<string>; stop(): Promise<void> } | undefined;
beforeAll(async () => {
  h = await startWarehouseHarness();
  if (POSTGRES_SKIP === undefined) pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await pg?.stop();
  removeTempDirs();
});

/** The binary, paused at `step` of the restated day, killed there with SIGKILL. */
async function killedAt(db: string, step: string): Promise<void> {
  const run = spawnMasg(['sync', '--db', db, ...RANGE], {
    env: { HOME: '/nonexistent', ...h.env, MASG_TEST_RESTATE_PAUSE: step },
    stdout: 'ignore',
  });
  while (!run.stderr().includes(`restatement paused at ${step}`)) {
    if (run.child.exitCode !== null) throw new Error(`the sync ended (exit ${run.child.exitCode}) before ${step}:\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  run.child.kill('SIGKILL');
  expect((await run.ended).signal).toBe('SIGKILL');
}

const engines = [
  ['DuckDB', async () => duckPath()],
  ['PostgreSQL', async () => pg!.createDatabase()],
] as const;

describe.each(engines)('kill -9 during a restatement on %s', (engine, create) => {
  it.skipIf(!BUILT || (engine === 'PostgreSQL' && POSTGRES_SKIP !== undefined)).each([
    ['loaded', 1.5],
    ['ledger', 1.5],
    ['held', 0],
  ] as const)(
    'killed at %s: the day as it was and no ledger row; the next run writes both',
    async (step, factor) => {
      const db = await create();
      expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
      const day = (await scalar(h, db, "SELECT string_agg(CAST(date AS VARCHAR), ' ' ORDER BY date) FROM masg_sync_days")).split(' ')[2]!;
      const held = () => scalar(h, db, `SELECT coalesce(sum(impressions), 0) FROM publisher_stats WHERE date = DATE '${day}'`);
      const ledger = () =>
        scalar(
          h,
          db,
          "SELECT coalesce(string_agg(status || ':' || CAST(after_impressions AS VARCHAR), ' '), '') FROM masg_sync_restatements WHERE side = 'publisher'",
        );
      const before = await held();
      await h.sandbox.revise(day, factor);
      try {
        await killedAt(db, step);
        // The killed run says it started and never ended (not the run before it's "ok").
        const killed = JSON.parse((await h.masg(['sync', '--status', '--db', db, '-o', 'json'])).stdout) as Array<Record<string, string>>;
        expect(killed[0]).toMatchObject({ last_result: 'started' });
        expect(killed[0]!.last_run_ended ?? '').toBe('');
        expect(await ledger()).toBe('');
        expect(await held()).toBe(before);
        const again = await h.masg(['sync', '--db', db, ...RANGE]);
        expect(again.code).toBe(factor === 0 ? 8 : 0);
        const [status, after] = (await ledger()).split(':');
        expect(status).toBe(factor === 0 ? 'held' : 'applied');
        // The day holds what the ledger says it holds: the new figures if applied, the old if held.
        expect(await held()).toBe(factor === 0 ? before : after);
        if (factor !== 0) expect(Number(after)).toBeGreaterThan(Number(before));
      } finally {
        await h.sandbox.revise(day, 1);
      }
    },
    60_000,
  );
});

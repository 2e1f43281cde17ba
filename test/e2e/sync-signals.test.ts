// No signal is lost at any point of a sync (issue 25 #4): the built binary gets SIGINT or SIGTERM
// once the sandbox has seen its k-th request, for k across the whole run, and must end as
// interrupted, never 0. After each, the warehouse holds only whole days: every day recorded holds
// exactly the rows of an undisturbed sync, and no row lies outside a recorded day.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { dumpAll, duckPath, scalar, startWarehouseHarness } from '../warehouse/helpers.js';

const RANGE = ['--from', '-6d', '--to', '-2d', '--tz', 'America/New_York'];

let h: Harness;
let reference: string;
let requestsOfASync: number;
/** Days found recorded after an interruption, over all runs: the check above had whole days to check. */
let daysKept = 0;
beforeAll(async () => {
  // Each answer waits a little, so that the signal lands while the request is in flight.
  h = await startWarehouseHarness({ latencyMs: 25 });
  reference = duckPath();
  h.mark();
  expect((await h.masg(['sync', '--db', reference, ...RANGE])).code).toBe(0);
  requestsOfASync = h.sent().length;
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** Runs the binary and sends `signal` once the sandbox has received `after` requests of it. */
async function interrupted(db: string, signal: 'SIGINT' | 'SIGTERM', after: number) {
  h.mark();
  const run = spawnMasg(['sync', '--db', db, ...RANGE], { env: { TMPDIR: tempDir('masg-tmp-'), ...h.env }, stdout: 'ignore' });
  const watch = setInterval(() => {
    if (h.sent().length >= after) {
      clearInterval(watch);
      run.child.kill(signal);
    }
  }, 1);
  const end = await run.ended;
  clearInterval(watch);
  return { ...end, stderr: run.stderr(), sent: h.sent().length };
}

/** Per recorded day: "date publisher_rows campaign_rows held_publisher held_campaign"; and the rows outside any recorded day. */
async function daysOf(db: string): Promise<{ days: string[]; strays: string }> {
  const days = await h.masg([
    'sql',
    '--db',
    db,
    '-o',
    'csv',
    '--no-header',
    "SELECT CAST(d.date AS VARCHAR) || ' ' || d.publisher_rows || ' ' || d.campaign_rows || ' ' || " +
      "(SELECT count(*) FROM publisher_stats p WHERE p.date = d.date) || ' ' || (SELECT count(*) FROM campaign_stats c WHERE c.date = d.date) " +
      "FROM masg_sync_days d WHERE grain = 'day' ORDER BY d.date",
  ]);
  expect(days.code).toBe(0);
  const strays = await scalar(
    h,
    db,
    "SELECT (SELECT count(*) FROM publisher_stats WHERE date NOT IN (SELECT date FROM masg_sync_days WHERE grain = 'day')) " +
      "+ (SELECT count(*) FROM campaign_stats WHERE date NOT IN (SELECT date FROM masg_sync_days WHERE grain = 'day'))",
  );
  return { days: days.stdout.split('\n').filter(Boolean), strays };
}

/** What is wrong with the warehouse `db` left: a day recorded unlike the reference's, or rows of no recorded day. */
async function inconsistencies(db: string): Promise<string[]> {
  if (!existsSync(db)) return [];
  const tables = await scalar(h, db, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'masg_sync_days'");
  if (tables === '0') return [];
  const [mine, ref] = [await daysOf(db), await daysOf(reference)];
  daysKept += mine.days.length;
  const wrong = mine.days.filter((line) => !ref.days.includes(line));
  return mine.strays === '0' ? wrong : [...wrong, `${mine.strays} rows outside any recorded day`];
}

describe.skipIf(process.platform === 'win32')('SIGINT and SIGTERM at every point of a sync of the built binary', () => {
  it('each ends as interrupted (130 or 143, or the signal itself before the handlers are in), never 0; only whole days are kept', async () => {
    expect(requestsOfASync).toBeGreaterThan(10);
    const points = [0, 1, 2, 3, 4, 5, ...Array.from({ length: 8 }, (_, i) => Math.round(((i + 1) * (requestsOfASync - 2)) / 9))];
    const results: string[] = [];
    for (const [i, after] of points.entries()) {
      const signal = i % 2 === 0 ? 'SIGINT' : 'SIGTERM';
      const db = duckPath();
      const run = await interrupted(db, signal, after);
      const ok = run.code === 130 || run.code === 143 || run.signal === signal;
      results.push(`${signal} after ${after} requests: exit ${run.code ?? run.signal}${ok ? '' : ` (${run.stderr.trim()})`}`);
      expect(ok, results.join('\n')).toBe(true);
      expect(await inconsistencies(db), `${signal} after ${after} requests`).toEqual([]);
    }
    expect(daysKept).toBeGreaterThan(0);
  });

  it('a sync interrupted mid-way, then run again, holds exactly the tables of an undisturbed sync', async () => {
    const db = duckPath();
    const run = await interrupted(db, 'SIGTERM', Math.round(requestsOfASync / 2));
    expect(run.code === 130 || run.code === 143).toBe(true);
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    expect(await dumpAll(h, db)).toEqual(await dumpAll(h, reference));
  });
});

// SIGINT and SIGTERM during a sync of several accounts (the built binary): exit 130/143 whichever
// accounts had finished, and every account's recorded days whole (their rows exactly those
// counted, no row outside a recorded day of its account); a re-run then holds exactly the tables
// of an undisturbed sync.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { dumpAll, duckPath, scalar } from '../warehouse/helpers.js';
import { pinnedRange, startAccounts, type Accounts } from '../warehouse/accounts.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));
const ARGS = ['sync', '--profile', 'kiri,la,berlin', ...pinnedRange(5, 2), '--concurrency', '2']; // compared across runs: fixed days

let A: Accounts;
let reference: string;
let requestsOfASync: number;
beforeAll(async () => {
  A = await startAccounts({ latencyMs: 25 });
  reference = duckPath();
  A.h.mark();
  expect((await A.masg([...ARGS, '--db', reference])).code).toBe(0);
  requestsOfASync = A.h.sent().length;
}, 120_000);
afterAll(async () => {
  await A.h.close();
  removeTempDirs();
});

async function interrupted(db: string, signal: 'SIGINT' | 'SIGTERM', after: number) {
  A.h.mark();
  const run = spawnMasg([...ARGS, '--db', db], {
    env: { TMPDIR: tempDir('masg-tmp-'), MASG_CONFIG_DIR: A.configDir, MASG_KEYRING: '0' },
    stdout: 'ignore',
  });
  const watch = setInterval(() => {
    if (A.h.sent().length >= after) {
      clearInterval(watch);
      run.child.kill(signal);
    }
  }, 1);
  const end = await run.ended;
  clearInterval(watch);
  return { ...end, stderr: run.stderr() };
}

/** Recorded (account, day)s whose rows differ from the counts recorded, plus rows outside any recorded day of their account. */
async function broken(db: string): Promise<string> {
  if (!existsSync(db)) return '0';
  const tables = await scalar(A.h, db, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'masg_sync_days'");
  if (tables === '0') return '0';
  return scalar(
    A.h,
    db,
    "SELECT (SELECT count(*) FROM masg_sync_days d WHERE grain = 'day' AND (d.publisher_rows <> (SELECT count(*) FROM publisher_stats p " +
      'WHERE p.account = d.account AND p.date = d.date) OR d.campaign_rows <> (SELECT count(*) FROM campaign_stats c WHERE c.account = d.account AND c.date = d.date))) ' +
      "+ (SELECT count(*) FROM publisher_stats p WHERE NOT EXISTS (SELECT 1 FROM masg_sync_days d WHERE d.grain = 'day' AND d.account = p.account AND d.date = p.date))",
  );
}

describe.skipIf(!BUILT || process.platform === 'win32')('signals during a sync of several accounts', () => {
  it('at points through the run: interrupted (130, 143), never 0 nor 8; whole days only', async () => {
    expect(requestsOfASync).toBeGreaterThan(20);
    const points = [1, 3, ...Array.from({ length: 4 }, (_, i) => Math.round(((i + 1) * requestsOfASync) / 5))];
    for (const [i, after] of points.entries()) {
      const signal = i % 2 === 0 ? 'SIGINT' : 'SIGTERM';
      const db = duckPath();
      const run = await interrupted(db, signal, after);
      const ok = run.code === 130 || run.code === 143 || run.signal === signal;
      expect(ok, `${signal} after ${after} requests: exit ${run.code ?? run.signal}: ${run.stderr}`).toBe(true);
      expect(await broken(db), `${signal} after ${after} requests`).toBe('0');
    }
  }, 300_000);

  it('interrupted mid-way, then run again: the tables of an undisturbed sync', async () => {
    const db = duckPath();
    const run = await interrupted(db, 'SIGTERM', Math.round(requestsOfASync / 2));
    expect(run.code === 130 || run.code === 143).toBe(true);
    expect((await A.masg([...ARGS, '--db', db])).code).toBe(0);
    expect(await dumpAll(A.h, db)).toEqual(await dumpAll(A.h, reference));
  }, 120_000);
});

// A sync whose temporary folder fills up (TMPDIR on a small tmpfs, several sizes): exit 7 naming
// the staging file and the cause, or exit 0 with everything there; never a day recorded that the
// tables do not hold. Needs root (mount -t tmpfs); skipped, saying why, otherwise.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { dumpAll, duckPath, startWarehouseHarness } from '../warehouse/helpers.js';

const ROOT = process.getuid?.() === 0;
const RANGE = ['--from', '-8d', '--to', '-2d', '--tz', 'America/New_York'];

let h: Harness;
const mounts: string[] = [];
beforeAll(async () => {
  h = await startWarehouseHarness();
});
afterAll(async () => {
  for (const m of mounts) execFileSync('umount', [m]);
  await h.close();
  removeTempDirs();
});

function tmpfs(size: string): string {
  const dir = join(tempDir('masg-wh-tmpfs-'), 'tmp');
  mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

/** Every recorded day: its state's counts against the rows its tables hold. */
async function recordedAgainstHeld(db: string): Promise<Array<[string, string, string]>> {
  const run = await h.masg([
    'sql',
    '--db',
    db,
    '-o',
    'csv',
    '--no-header',
    `SELECT CAST(s.date AS VARCHAR), CAST(s.publisher_rows + s.campaign_rows AS VARCHAR),
       CAST((SELECT count(*) FROM publisher_stats p WHERE p.date = s.date) + (SELECT count(*) FROM campaign_stats c WHERE c.date = s.date) AS VARCHAR)
     FROM masg_sync_days s ORDER BY s.date`,
  ]);
  expect(run.code).toBe(0);
  return (await parseCsv(run.stdout)) as Array<[string, string, string]>;
}

describe.skipIf(!ROOT)(`masg sync with a full temporary folder${ROOT ? '' : ' (skipped: needs root to mount a tmpfs)'}`, () => {
  const codes: Record<string, number> = {};
  let clean: Record<string, string>;
  beforeAll(async () => {
    const db = duckPath('clean.duckdb');
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    clean = await dumpAll(h, db);
  }, 60_000);

  it.each(['24k', '64k', '256k', '1m'])(
    'TMPDIR on a %s tmpfs: exit 7 naming the file and the cause, or exit 0 with everything there',
    async (size) => {
      const db = duckPath();
      const run = await h.masg(['sync', '--db', db, ...RANGE], { env: { TMPDIR: tmpfs(size) } });
      codes[size] = run.code;
      expect([0, 7]).toContain(run.code);
      if (run.code === 7) {
        expect(run.stderr).toMatch(/Cannot write the staging file \S+\.csv: ENOSPC: no space left on device/);
        expect(run.stderr).not.toContain('internal error');
      } else {
        expect(await dumpAll(h, db)).toEqual(clean);
      }
      // Never a day recorded that the tables do not hold.
      for (const [date, recorded, held] of await recordedAgainstHeld(db)) expect({ date, held }).toEqual({ date, held: recorded });
      // A run with room completes what the full one left.
      expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
      expect(await dumpAll(h, db)).toEqual(clean);
    },
    60_000,
  );

  it('the smallest one really was too small (the fault was forced, not dodged)', () => {
    expect(codes['24k']).toBe(7);
  });

  it('and the largest held the whole sync (a day at a time: two days of staging at most)', () => {
    expect(codes['1m']).toBe(0);
  });
});

// A day's transaction is open while its publisher report still streams in, and loads the report
// in parts (2,500 rows first, doubling up to 20,000) as they are staged. Here the report is cut short after several parts (about
// 100,000 records, half of them, sent): beyond --retries the day must stay exactly as it was, its
// state row with it; within them, the cut attempt's parts are withdrawn and the day holds the
// report once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { limit } from '../helpers/time-limits.js';
import { dumpAll, duckPath, duplicateKeys, scalar, startWarehouseHarness } from '../warehouse/helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startWarehouseHarness({ scale: { publications: 1000, slotsPerPublication: 5, countries: 40 } });
}, limit(60_000));
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

const DAY = ['--from', '-2d', '--to', '-2d', '--tz', 'America/New_York'];

describe('a publisher report cut short after a part was loaded', () => {
  it(
    'leaves the day and its state as they were (exit 6); a re-run completes it',
    async () => {
      const db = duckPath();
      expect((await h.masg(['sync', '--db', db, ...DAY])).code).toBe(0);
      const rows = Number(await scalar(h, db, 'SELECT count(*) FROM publisher_stats'));
      expect(rows).toBeGreaterThan(100_000); // so that half the body is several parts
      const before = await dumpAll(h, db);

      // The same day again, its figures revised upstream; every attempt at its report is cut in half.
      const day = await scalar(h, db, 'SELECT CAST(max(date) AS VARCHAR) FROM masg_sync_days');
      await h.sandbox.revise(day, 2);
      h.sandbox.setFaults({ next: Array(10).fill('truncate'), path: '/publication/statistics' });
      const cut = await h.masg(['sync', '--db', db, ...DAY, '--retries', '2']);
      expect(cut.code).toBe(6);
      expect(await dumpAll(h, db)).toEqual(before);

      h.sandbox.setFaults(undefined);
      expect((await h.masg(['sync', '--db', db, ...DAY])).code).toBe(0);
      expect(Number(await scalar(h, db, 'SELECT count(*) FROM publisher_stats'))).toBe(rows);
      expect(await scalar(h, db, 'SELECT CAST(publisher_rows AS VARCHAR) FROM masg_sync_days')).toBe(String(rows));
      expect(await duplicateKeys(h, db, 'publisher_stats')).toBe(0);
      expect(await dumpAll(h, db)).not.toEqual(before); // the revised figures are in
    },
    limit(120_000),
  );

  it(
    'cut once after several parts were loaded: the retry replaces them, and the day equals an undisturbed sync',
    async () => {
      const clean = duckPath();
      expect((await h.masg(['sync', '--db', clean, ...DAY])).code).toBe(0);
      const db = duckPath();
      h.sandbox.setFaults({ next: ['truncate'], path: '/publication/statistics' });
      const run = await h.masg(['sync', '--db', db, ...DAY]);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('stopped before it ended; fetching it again');
      expect(await duplicateKeys(h, db, 'publisher_stats')).toBe(0);
      expect(await dumpAll(h, db)).toEqual(await dumpAll(h, clean));
    },
    limit(120_000),
  );
});

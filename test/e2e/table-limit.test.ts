// A table stops at its row limit: past 100,000 rows `masg pub list` on a terminal exits 2 with
// nothing on stdout and points to -o csv, while the same list in a data format is complete.
// 100,001 publications in the sandbox: the slow tier (vitest.tiers.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ROW_LIMIT } from '../../src/output/table.js';
import { removeTempDirs, startHarness, type Harness } from '../commands/harness.js';

afterAll(() => removeTempDirs());

describe('a table past its row limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ scale: { publications: TABLE_ROW_LIMIT + 1, slotsPerPublication: 0 }, demo: false });
    return () => h.close();
  }, 120_000);

  it(`a table past ${TABLE_ROW_LIMIT} rows: exit 2, nothing on stdout, pointed to -o csv`, async () => {
    const run = await h.masg(['pub', 'list'], { tty: true, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/More than 100,000 rows: too many for a table/);
    expect(run.stderr).toMatch(/-o csv/);
    // The same list in a data format is complete.
    const csv = await h.masg(['pub', 'list', '-o', 'csv']);
    expect(csv.stdout.trimEnd().split('\n')).toHaveLength(TABLE_ROW_LIMIT + 2);
  }, 180_000);
});

// Counts agree with their nouns ("Wrote 1 row", never "1 rows"), and a table's headings read as
// words ("publication name") while csv, tsv and json keep the keys that --fields takes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counted } from '../../src/core/plural.js';
import { renderRows, type Column } from '../../src/output/index.js';
import { removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';
import { Capture } from './capture.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('counted', () => {
  it.each([
    [1, 'rows', '1 row'],
    [2, 'rows', '2 rows'],
    [0, 'rows', '0 rows'],
    [1, 'ad slots', '1 ad slot'],
    [1, 'accounts', '1 account'],
    [1, 'watches', '1 watch'],
    [1, 'bytes', '1 byte'],
  ])('%i %s', (n, many, text) => {
    expect(counted(n, many)).toBe(text);
  });
});

describe('"Wrote N …" agrees with N', () => {
  it('a list of one (the list writer)', async () => {
    const made = await h.masg([
      'pub',
      'create',
      '--type',
      'ANDROID_APP',
      '--name',
      'One Slot',
      '--description',
      'd',
      '--transparent',
      'false',
      '-o',
      'json',
    ]);
    const pub = (JSON.parse(made.stdout) as { id: string }).id;
    expect((await h.masg(['slot', 'create', '--publication', pub, '--name', 'S', '--formats', 'banner', '-o', 'json'])).code).toBe(0);
    const file = join(tempDir(), 'one.csv');
    const list = await h.masg(['slot', 'list', '--publication', pub, '--out', file]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).toBe(`Wrote 1 ad slot to ${file}.\n`);
  });

  it('a report of one row', async () => {
    const pub = (await h.masg(['pub', 'list', '-o', 'tsv', '--no-header'])).stdout.split('\t')[0]!;
    const file = join(tempDir(), 'stats.csv');
    const run = await h.masg(['pub', 'stats', pub, '--date', '2024-06-14', '--tz', 'UTC', '--out', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Wrote 1 row \(/);
  });
});

describe('headings', () => {
  const columns: Column[] = [
    { key: 'publicationName', wrap: true },
    { key: 'overallBudget', type: 'decimal' },
  ];
  const rows = [{ publicationName: 'Daily News', overallBudget: '1' }];

  it('a table reads camelCase keys as words', async () => {
    const out = new Capture();
    await renderRows(out, columns, rows, { format: 'table', header: true, color: false });
    expect(out.text).toContain('publication name');
    expect(out.text).toContain('overall budget');
    expect(out.text).not.toContain('publicationName');
  });

  it.each(['csv', 'tsv', 'json'] as const)('%s keeps the keys', async (format) => {
    const out = new Capture();
    await renderRows(out, columns, rows, { format, header: true, color: false });
    expect(out.text).toContain('publicationName');
  });
});

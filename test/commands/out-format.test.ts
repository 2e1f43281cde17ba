// `--out FILE`: the format follows a known extension, and an unknown one or one that contradicts
// -o is refused before anything is sent (exit 2).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, tempDir, type Harness } from './harness.js';
import { outFormat } from '../../src/output/out-format.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('the rule', () => {
  it.each([
    ['x.csv', undefined, 'csv'],
    ['x.TSV', undefined, 'tsv'],
    ['x.json', 'json', 'json'],
    ['x.jsonl', undefined, 'ndjson'],
    ['export', 'ndjson', 'ndjson'],
    ['export', undefined, 'csv'],
    ['dir.d/export', 'tsv', 'tsv'],
  ] as const)('%s with -o %s → %s', (path, explicit, format) => {
    expect(outFormat(path, explicit)).toBe(format);
  });

  it.each([
    ['y.xlsx', undefined, /does not write \.xlsx files[\s\S]*\.csv, \.tsv, \.json, \.ndjson/],
    ['y.csv', 'json' as const, /named as csv, and -o asks for json/],
    ['y.txt', 'csv' as const, /does not write \.txt files/],
  ])('%s with -o %s is refused', (path, explicit, message) => {
    let err: unknown;
    try {
      outFormat(path, explicit);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ exitCode: 2, field: '--out' });
    expect(`${(err as Error).message} ${(err as { hint: string }).hint}`).toMatch(message);
  });
});

describe('through the commands', () => {
  it('pub list --out y.xlsx: exit 2, nothing sent, no file', async () => {
    const dir = tempDir();
    h.mark();
    const run = await h.masg(['pub', 'list', '--out', join(dir, 'y.xlsx')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('does not write .xlsx files');
    expect(run.stderr).toContain('.csv, .tsv, .json, .ndjson');
    expect(h.sent()).toEqual([]);
    expect(existsSync(join(dir, 'y.xlsx'))).toBe(false);
  });

  it('pub stats --out y.xlsx and -o json --out y.csv: exit 2, nothing sent', async () => {
    const dir = tempDir();
    h.mark();
    expect((await h.masg(['pub', 'stats', '--date', '2024-06-10', '--out', join(dir, 'y.xlsx')])).code).toBe(2);
    const both = await h.masg(['pub', 'stats', '--date', '2024-06-10', '-o', 'json', '--out', join(dir, 'y.csv')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('-o asks for json');
    expect(h.sent()).toEqual([]);
  });

  it('the format follows the extension when -o is not given', async () => {
    const file = join(tempDir(), 'pubs.json');
    const run = await h.masg(['pub', 'list', '--out', file]);
    expect(run.code).toBe(0);
    expect(Array.isArray(JSON.parse(readFileSync(file, 'utf8')))).toBe(true);
  });
});

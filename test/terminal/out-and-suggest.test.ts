// `--out -` is stdout (as `--from -` is stdin), "Wrote N rows to FILE" survives -o csv/json, and
// an option commander would "correct" by spelling to one that means something else (`--out` →
// `--output`, the format) gets a suggestion that fits the command instead.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, useHarness, type Harness } from '../commands/harness.js';

let h: Harness;
useHarness((harness) => (h = harness));

const DAY = ['--date', '2024-06-14', '--tz', 'UTC'];

describe('--out -', () => {
  it.each([
    ['pub list', ['pub', 'list', '-o', 'csv']],
    ['pub stats', ['pub', 'stats', ...DAY, '-o', 'csv']],
  ])('%s --out - writes to stdout and creates no file named "-"', async (_name, argv) => {
    const cwd = tempDir();
    const before = process.cwd();
    process.chdir(cwd);
    try {
      const plain = await h.masg(argv);
      const dashed = await h.masg([...argv, '--out', '-']);
      expect(dashed.code).toBe(0);
      expect(dashed.stdout).toBe(plain.stdout);
      expect(dashed.stdout.split('\n')[0]).toMatch(/^[a-z_]+,/);
      expect(dashed.stderr).not.toContain('Wrote');
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      process.chdir(before);
    }
  });
});

describe('Wrote N rows to FILE', () => {
  it.each([['csv'], ['json'], ['ndjson']])('stays on stderr with -o %s (lists and stats), goes with -q', async (format) => {
    const dir = tempDir();
    const list = await h.masg(['pub', 'list', '-o', format, '--out', join(dir, `p.${format}`)]);
    expect(list).toMatchObject({ code: 0, stdout: '' });
    expect(list.stderr).toMatch(new RegExp(`^Wrote [\\d,]+ publications to ${join(dir, `p.${format}`)}\\.\\n$`));
    const stats = await h.masg(['pub', 'stats', ...DAY, '-o', format, '--out', join(dir, `s.${format}`)]);
    expect(stats).toMatchObject({ code: 0, stdout: '' });
    expect(stats.stderr).toMatch(/^Wrote [\d,]+ rows \(\d{4}-\d\d-\d\d[^)]*\) to .*\n$/); // the days it holds
    expect(existsSync(join(dir, `s.${format}`))).toBe(true);
    const quiet = await h.masg(['-q', 'pub', 'list', '-o', format, '--out', join(dir, `q.${format}`)]);
    expect(quiet).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, `q.${format}`), 'utf8').length).toBeGreaterThan(0);
  });
});

describe('suggestions for an unknown option', () => {
  it.each([
    [['campaign', 'view', 'x', '--out', 'f.csv'], /This command writes no file: redirect/],
    [['pub', 'create', '--out', 'f.csv'], /This command writes no file/],
    [['whoami', '--out', 'f'], /This command writes no file/],
    [['pub', 'update', 'x', '--from', 'f.csv', '--out', 'r.csv'], /Did you mean --results\?/],
    [['slot', 'create', '--from', 'f.csv', '--out', 'r.csv'], /Did you mean --results\?/],
    [['--out', 'f.csv', 'pub', 'list'], /belongs after the command.*masg pub list --out FILE/],
  ])('%j: never --output (the format) for a file', async (argv, hint) => {
    const run = await h.masg(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^masg: unknown option '--out'\n/);
    expect(run.stderr).toMatch(hint);
    expect(run.stderr).not.toContain('Did you mean --output');
    expect(h.sent()).toEqual([]);
  });

  it.each([
    [['pub', 'list', '--ot', 'f.csv'], '--out'],
    [['pub', 'list', '--outpt', 'csv'], '--output'],
    [['pub', 'stats', '--intreval', 'day'], '--interval'],
    [['pub', 'create', '--nme', 'x'], '--name'],
  ])('%j: a typo still gets the nearest option (%s)', async (argv, nearest) => {
    const run = await h.masg(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`(Did you mean ${nearest}?)`);
  });
});

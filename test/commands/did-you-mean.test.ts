// A mistyped value gets masg's message and a guess (exit 2, nothing sent); the few-word flags
// (-o, --raw, --color) take any case, as --status does, instead of commander's raw refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closest } from '../../src/core/closest.js';
import { removeTempDirs, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('did you mean', () => {
  it.each([
    [['pub', 'list', '--status', 'ACTIV'], 'Did you mean ACTIVE?'],
    [['pub', 'list', '-o', 'csv', '--fields', 'id,nme'], 'Did you mean name?'],
    [['pub', 'stats', '--interval', 'daily'], 'Did you mean day?'],
    [['pub', 'stats', '--level', 'slot'], 'Did you mean adslot?'],
    [['pub', 'stats', '--date', '-7'], 'Did you mean -7d?'],
    [['pub', 'stats', '--from', '7days'], 'Did you mean -7d?'],
    [['pub', 'stats', '--date', 'yestrday'], 'Did you mean yesterday?'],
    [['pub', 'list', '-o', 'jsn'], 'Did you mean json?'],
    [['pub', 'list', '--color', 'nevr'], 'Did you mean never?'],
  ])('masg %j → %s', async (argv, guess) => {
    h.mark();
    const run = await h.masg(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(guess);
    expect(run.stderr).not.toMatch(/^error:/m); // masg's message, not commander's
    expect(h.sent()).toEqual([]);
  });

  it('no guess when nothing is near', () => {
    expect(closest('xlsx', ['table', 'csv', 'tsv', 'json', 'ndjson'])).toBeUndefined();
    expect(closest('zzz', ['ACTIVE', 'PAUSED', 'STOPPED'])).toBeUndefined();
  });
});

describe('the few-word flags take any case, like --status', () => {
  it('-o CSV is -o csv; --color NEVER and --raw JSON are accepted', async () => {
    const upper = await h.masg(['adv', 'list', '-o', 'CSV']);
    expect(upper.code).toBe(0);
    expect(upper.stdout).toBe((await h.masg(['adv', 'list', '-o', 'csv'])).stdout);
    expect((await h.masg(['adv', 'list', '--color', 'NEVER'])).code).toBe(0);
    const raw = await h.masg(['adv', 'list', '--raw', 'JSON']);
    expect(raw.code).toBe(0);
    expect(raw.stdout.trimStart()).toMatch(/^[{[]/);
  });

  it('an unknown -o names the formats in masg’s words (exit 2)', async () => {
    const run = await h.masg(['adv', 'list', '-o', 'xlsx']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('-o: "xlsx" is not one of table, csv, tsv, json, ndjson');
  });
});

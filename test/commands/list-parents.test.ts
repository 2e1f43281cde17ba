// A list's parent is given the same way everywhere: positional ID or the named filter, short IDs
// working in both; no parent lists the whole account (`campaign list` included); `adv view` shows one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, startHarness, type Harness } from './harness.js';

let h: Harness;
let advertisers: Array<{ id: string; name: string }>;
let publication: string;
beforeAll(async () => {
  h = await startHarness();
  const csv = async (argv: string[]) => {
    const [header, ...rows] = await parseCsv((await h.masg([...argv, '-o', 'csv'])).stdout);
    return rows.map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i]!])));
  };
  advertisers = (await csv(['adv', 'list'])) as Array<{ id: string; name: string }>;
  publication = (await csv(['slot', 'list']))[0]!.publication!;
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

const ids = (csv: string) => csv.trim().split('\n').slice(1).sort();

describe('campaign list', () => {
  it('with no advertiser lists every advertiser’s campaigns, each with its advertiser’s name', async () => {
    const every = await h.masg(['campaign', 'list', '-o', 'csv', '--fields', 'id,advertiser,advertiserName']);
    expect(every.stderr).toBe('');
    expect(every.code).toBe(0);
    let apart: string[] = [];
    for (const a of advertisers) {
      const one = await h.masg(['campaign', 'list', a.id, '-o', 'csv', '--fields', 'id,advertiser,advertiserName']);
      apart = apart.concat(ids(one.stdout));
      expect(one.stdout).toContain(a.id);
    }
    expect(ids(every.stdout)).toEqual(apart.sort());
    expect(advertisers.length).toBeGreaterThan(1);
  });

  it('the advertiser as --advertiser, with a short ID, is the same list as the positional one', async () => {
    const short = advertisers[0]!.id.slice(0, 4);
    const named = await h.masg(['campaign', 'list', '--advertiser', short, '-o', 'csv']);
    const positional = await h.masg(['campaign', 'list', short, '-o', 'csv']);
    expect(named.code).toBe(0);
    expect(named.stdout).toBe(positional.stdout);
  });

  it('--raw needs one advertiser (one answer of the service): exit 2, nothing sent', async () => {
    h.mark();
    const run = await h.masg(['campaign', 'list', '--raw']);
    expect(run.code).toBe(2);
    expect(h.sent()).toEqual([]);
  });
});

describe('slot list', () => {
  it('takes the publication as a positional short ID, as --publication does', async () => {
    const short = publication.slice(0, 4);
    const positional = await h.masg(['slot', 'list', short, '-o', 'csv']);
    expect(positional.stderr).toBe('');
    expect(positional.code).toBe(0);
    expect(positional.stdout).toBe((await h.masg(['slot', 'list', '--publication', short, '-o', 'csv'])).stdout);
    expect(ids(positional.stdout).every((line) => line.includes(publication))).toBe(true);
  });

  it('two different parents at once are refused (exit 2)', async () => {
    const run = await h.masg(['slot', 'list', publication, '--publication', 'ffff']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[publicationId] and --publication');
  });
});

describe('adv view', () => {
  it('shows one advertiser by its short ID', async () => {
    const a = advertisers[1]!;
    const run = await h.masg(['adv', 'view', a.id.slice(0, 5), '-o', 'json']);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ id: a.id, name: a.name });
  });

  it('an ID the account does not have: exit 2 naming `masg adv list`', async () => {
    const run = await h.masg(['adv', 'view', '00000000-0000-4000-8000-000000000000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('masg adv list');
  });
});

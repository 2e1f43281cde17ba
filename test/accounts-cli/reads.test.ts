// `--profile a,b` on the lists and the statistics: one output equal to the union of the
// single-account runs, each row with its account first, in every data format; the days of
// `--date yesterday` are each account's own.
import { openStore } from '../../src/config/conf-store.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, NOW, parseRows, useAccounts, YESTERDAY, type Row } from './setup.js';

const h = useAccounts();

/** The status lines on stderr; under -o json/ndjson, read from their JSON objects. */
function statusOf(stderr: string, format: string): string[] {
  const lines = stderr.split('\n').filter(Boolean);
  if (!format.includes('json')) return lines;
  return lines.map((l) => {
    const { accountStatus: s } = JSON.parse(l) as { accountStatus: { account: string; status: string } };
    return `${s.account}: ${s.status}`;
  });
}
const FORMATS = ['csv', 'tsv', 'json', 'ndjson'] as const;

async function single(argv: string[], profile: string, format: (typeof FORMATS)[number]): Promise<Row[]> {
  const run = await h.masg(['--profile', profile, ...argv, '-o', format]);
  expect(run.code, run.stderr).toBe(0);
  return (await parseRows(run.stdout, format)).rows;
}

/** The union of the single runs, in the order of the profiles, each row with its account first. */
async function union(argv: string[], profiles: string[], format: (typeof FORMATS)[number], extra: (p: string) => Row = () => ({})) {
  const rows: Row[] = [];
  for (const p of profiles) for (const r of await single(argv, p, format)) rows.push({ account: p, ...extra(p), ...r });
  return rows;
}

describe('lists over several accounts', () => {
  const lists = [
    ['pub', 'list'],
    ['slot', 'list'],
    ['adv', 'list'],
    ['campaign', 'list'],
  ];
  for (const argv of lists) {
    it(`${argv.join(' ')} --profile kiri,la,berlin equals the single runs with an account column first, in csv, tsv, json and ndjson`, async () => {
      for (const format of FORMATS) {
        const run = await h.masg(['--profile', 'kiri,la,berlin', ...argv, '-o', format]);
        expect(run.code, run.stderr).toBe(0);
        expect(statusOf(run.stderr, format)).toEqual(['kiri: ok', 'la: ok', 'berlin: ok']);
        const { keys, rows } = await parseRows(run.stdout, format);
        expect(keys[0]).toBe('account');
        expect(rows).toEqual(await union(argv, ['kiri', 'la', 'berlin'], format));
      }
    });
  }

  it('the twins kiri and la share IDs: the account column tells their rows apart', async () => {
    const { rows } = await parseRows((await h.masg(['--profile', 'kiri,la', 'pub', 'list', '-o', 'csv'])).stdout, 'csv');
    const ids = (a: string) => rows.filter((r) => r.account === a).map((r) => r.id);
    expect(ids('kiri').length).toBeGreaterThan(0);
    expect(ids('la')).toEqual(ids('kiri'));
  });

  it('a table names the account first', async () => {
    const run = await h.masg(['--profile', 'kiri,berlin', 'adv', 'list'], { tty: true, columns: 200 });
    expect(run.code, run.stderr).toBe(0);
    const header = run.stdout.split('\n').find((l) => l.includes('account')) ?? '';
    expect(header.indexOf('account')).toBeLessThan(header.indexOf('id'));
    expect(run.stdout).toContain('kiri');
    expect(run.stdout).toContain('berlin');
  });

  it('--fields may name account; without it, account still comes first', async () => {
    const named = await h.masg(['--profile', 'kiri,la', 'pub', 'list', '-o', 'csv', '--fields', 'id,account,name']);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout.split('\n')[0]).toBe('account,id,name');
    const plain = await h.masg(['--profile', 'kiri,la', 'pub', 'list', '-o', 'csv', '--fields', 'id,name']);
    expect(plain.stdout.split('\n')[0]).toBe('account,id,name');
  });

  it('MASG_PROFILE=a,b and --all-profiles choose the same way as --profile a,b', async () => {
    const byFlag = await h.masg(['--profile', 'kiri,la', 'adv', 'list', '-o', 'json']);
    const byEnv = await h.masg(['adv', 'list', '-o', 'json'], { env: { MASG_PROFILE: 'kiri,la' } });
    expect(byEnv).toEqual(byFlag);
    // Every saved profile (sorted: bad, berlin, kiri, la); bad's key is refused: exit 8, the rest complete.
    const all = await h.masg(['--all-profiles', 'adv', 'list', '-o', 'csv']);
    expect(all.code).toBe(8);
    const { rows } = await parseRows(all.stdout, 'csv');
    expect(rows).toEqual(await union(['adv', 'list'], ['berlin', 'kiri', 'la'], 'csv'));
    expect(all.stderr.split('\n').filter(Boolean)).toEqual([
      'bad: credentials rejected (code 1003) (4)',
      'berlin: ok',
      'kiri: ok',
      'la: ok',
    ]);
  });
});

describe('two profiles of one e-mail are one account', () => {
  it('a list reads it once: the later profile is said to be read already (2), its rows are not counted twice', async () => {
    const dir = h.temp();
    const env = { MASG_CONFIG_DIR: dir };
    const store = await openStore(dir, { env });
    const berlin = h.sandbox.accounts.find((a) => a.name === 'berlin')!;
    for (const name of ['berlin', 'berlin2'])
      await store.set(name, { email: berlin.email, key: berlin.key, baseUrl: h.sandbox.url, timezone: berlin.timeZone });
    const run = await h.masg(['--profile', 'berlin,berlin2', 'adv', 'list', '-o', 'csv'], { env });
    expect(run.code).toBe(8);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      'berlin: ok',
      `berlin2: berlin2 is ${berlin.email}, already read in this run as berlin. (2)`,
    ]);
    const { rows } = await parseRows(run.stdout, 'csv');
    expect(rows).toEqual(await union(['adv', 'list'], ['berlin'], 'csv'));
  });
  it('the same e-mail at another service is another account: both are read', async () => {
    const other = await startSandbox({ port: 0, now: () => NOW, accounts: ACCOUNTS });
    try {
      const dir = h.temp();
      const env = { MASG_CONFIG_DIR: dir };
      const store = await openStore(dir, { env });
      const berlin = h.sandbox.accounts.find((a) => a.name === 'berlin')!;
      await store.set('prod', { email: berlin.email, key: berlin.key, baseUrl: h.sandbox.url, timezone: berlin.timeZone });
      await store.set('staging', { email: berlin.email, key: berlin.key, baseUrl: other.url, timezone: berlin.timeZone });
      const before = other.requests.length;
      const run = await h.masg(['--profile', 'prod,staging', 'adv', 'list', '-o', 'csv'], { env });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.split('\n').filter(Boolean)).toEqual(['prod: ok', 'staging: ok']);
      expect(other.requests.length).toBeGreaterThan(before);
    } finally {
      await other.close();
    }
  });
});

describe('--concurrency', () => {
  it('1 reads one account after the other; a bad value is exit 2 before anything is sent', async () => {
    const before = h.sandbox.requests.length;
    const run = await h.masg(['--profile', 'kiri,berlin', 'campaign', 'list', '--concurrency', '1', '-o', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    const paths = h.sandbox.requests.slice(before).map((r) => r.path);
    const lists = paths.flatMap((p, i) => (p.startsWith('/advertisers/list') ? [i] : []));
    const kiriAdvertisers = (await parseRows((await h.masg(['--profile', 'kiri', 'adv', 'list', '-o', 'csv'])).stdout, 'csv')).rows;
    // kiri's advertisers, then one campaign list per advertiser of kiri's, and only then berlin's.
    expect(lists).toEqual([0, 1 + kiriAdvertisers.length]);
    const after = h.sandbox.requests.length;
    for (const bad of ['0', 'x', '99']) {
      const refused = await h.masg(['--profile', 'kiri,berlin', 'pub', 'list', '--concurrency', bad]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--concurrency');
    }
    expect(h.sandbox.requests.length).toBe(after);
  });
});

describe('statistics over several accounts', () => {
  it('pub stats for one day equals the single runs, with account and date first, in every data format', async () => {
    for (const format of FORMATS) {
      const argv = ['pub', 'stats', '--date', '2024-06-10', '--level', 'adslot'];
      const run = await h.masg(['--profile', 'kiri,la', ...argv, '-o', format]);
      expect(run.code, run.stderr).toBe(0);
      const { keys, rows } = await parseRows(run.stdout, format);
      expect(keys.slice(0, 2)).toEqual(['account', 'date']);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await union(argv, ['kiri', 'la'], format, () => ({ date: '2024-06-10' })));
    }
  });

  it('slot stats and campaign stats over twins (one ID, two accounts) equal their single runs', async () => {
    const { rows: slots } = await parseRows((await h.masg(['--profile', 'kiri', 'slot', 'list', '-o', 'csv'])).stdout, 'csv');
    const { rows: camps } = await parseRows((await h.masg(['--profile', 'kiri', 'campaign', 'list', '-o', 'csv'])).stdout, 'csv');
    for (const argv of [
      ['slot', 'stats', String(slots[0].id), '--date', '2024-06-10', '--interval', 'day'],
      ['campaign', 'stats', String(camps[0].id), '--from', '2024-06-09', '--to', '2024-06-10', '--interval', 'day'],
    ]) {
      const run = await h.masg(['--profile', 'kiri,la', ...argv, '-o', 'ndjson']);
      expect(run.code, run.stderr).toBe(0);
      const { rows } = await parseRows(run.stdout, 'ndjson');
      expect(rows).toEqual(await union(argv, ['kiri', 'la'], 'ndjson'));
    }
  });

  it("--date yesterday is each account's own yesterday, and each row says which day", async () => {
    const run = await h.masg(['--profile', 'kiri,la', 'pub', 'stats', '--date', 'yesterday', '-o', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    const { rows } = await parseRows(run.stdout, 'csv');
    expect(new Set(rows.filter((r) => r.account === 'kiri').map((r) => r.date))).toEqual(new Set([YESTERDAY.kiri]));
    expect(new Set(rows.filter((r) => r.account === 'la').map((r) => r.date))).toEqual(new Set([YESTERDAY.la]));
    expect(rows).toEqual(
      await union(['pub', 'stats', '--date', 'yesterday'], ['kiri', 'la'], 'csv', (p) => ({ date: YESTERDAY[p as 'kiri' | 'la'] })),
    );
  });
});

// When some accounts fail: the others finish and their output is complete, a status line per
// account on stderr (JSON objects under -o json/ndjson), exit 8; a refused account is not retried;
// a 429 met by one account pauses every account on that host.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import { parseRows, useAccounts, type Row } from './setup.js';

const h = useAccounts({
  onRequest: (entry) => {
    log.push({ path: entry.path, status: entry.status, at: performance.now() });
    afterRequest?.();
  },
});
const log: Array<{ path: string; status: number; at: number }> = [];
let afterRequest: (() => void) | undefined;

async function rowsOf(argv: string[], profile: string): Promise<Row[]> {
  const run = await h.masg(['--profile', profile, ...argv, '-o', 'csv']);
  expect(run.code, run.stderr).toBe(0);
  return (await parseRows(run.stdout, 'csv')).rows.map((r) => ({ account: profile, ...r }));
}

describe('some accounts fail', () => {
  it('a rejected key: exit 8, the others complete, a status line names each account in order', async () => {
    const run = await h.masg(['--profile', 'kiri,bad,la', 'pub', 'list', '-o', 'csv']);
    expect(run.code).toBe(8);
    expect((await parseRows(run.stdout, 'csv')).rows).toEqual([
      ...(await rowsOf(['pub', 'list'], 'kiri')),
      ...(await rowsOf(['pub', 'list'], 'la')),
    ]);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual(['kiri: ok', 'bad: credentials rejected (code 1003) (4)', 'la: ok']);
  });

  it('--quiet keeps the failures; -o json gives each status as a JSON object on stderr', async () => {
    const quiet = await h.masg(['--profile', 'kiri,bad', 'adv', 'list', '-o', 'csv', '--quiet']);
    expect([quiet.code, quiet.stderr]).toEqual([8, 'bad: credentials rejected (code 1003) (4)\n']);
    const json = await h.masg(['--profile', 'kiri,bad', 'adv', 'list', '-o', 'json']);
    expect(json.code).toBe(8);
    expect(JSON.parse(json.stdout)).toEqual(
      (await rowsOf(['adv', 'list'], 'kiri')).map((r) => expect.objectContaining({ account: 'kiri', id: r.id })),
    );
    expect(
      json.stderr
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { accountStatus: { account: 'kiri', email: 'kiri@sandbox.masg.test', status: 'ok', exitCode: 0 } },
      {
        accountStatus: {
          account: 'bad',
          email: 'berlin@sandbox.masg.test',
          status: 'rejected',
          exitCode: 4,
          code: 1003,
          message: expect.stringContaining('rejected the credentials (code 1003)'),
        },
      },
    ]);
  });

  it('statistics: the failed account leaves nothing in the shared file; the others are whole', async () => {
    const out = `${h.temp()}/all.csv`;
    const argv = ['pub', 'stats', '--date', '2024-06-10'];
    const run = await h.masg(['--profile', 'kiri,bad,berlin', ...argv, '--out', out]);
    expect(run.code).toBe(8);
    const { readFileSync } = await import('node:fs');
    const { rows } = await parseRows(readFileSync(out, 'utf8'), 'csv');
    const expected = [...(await rowsOf(argv, 'kiri')), ...(await rowsOf(argv, 'berlin'))].map(({ account, ...r }) => ({
      account,
      date: '2024-06-10',
      ...r,
    }));
    expect(rows).toEqual(expected);
    expect(run.stderr).toContain('bad: credentials rejected (code 1003) (4)\n');
  });

  it('every account failing: the first one’s own code; a missing profile is its own failure (3)', async () => {
    const run = await h.masg(['--profile', 'bad,nosuch', 'adv', 'list', '-o', 'csv']);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines[0]).toBe('bad: credentials rejected (code 1003) (4)');
    expect(lines[1]).toMatch(/^nosuch: .*\(3\)$/);
  });

  it('a restricted account is reported as such and not retried', async () => {
    const restricted = h.sandbox.accounts.find((a) => a.restricted)!;
    const dir = h.temp();
    const env = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' };
    const store = await openStore(dir, { env });
    await store.set('r', { email: restricted.email, key: restricted.key, baseUrl: h.sandbox.url, timezone: restricted.timeZone });
    const kiri = h.sandbox.accounts.find((a) => a.name === 'kiri')!;
    await store.set('kiri', { email: kiri.email, key: kiri.key, baseUrl: h.sandbox.url, timezone: kiri.timeZone });
    const before = h.sandbox.requests.length;
    const run = await h.masg(['--all-profiles', 'adv', 'list', '-o', 'csv', '--retries', '3'], { env });
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('r: restricted by the service (code 1004: not allowed from this address) (4)\n');
    // One request each: kiri's list and r's refused one, never sent again.
    expect(h.sandbox.requests.slice(before)).toHaveLength(2);
  });

  it('MASG_EMAIL over several profiles is refused (exit 3): it would make one account of all', async () => {
    const run = await h.masg(['--profile', 'kiri,la', 'pub', 'list'], { env: { MASG_EMAIL: 'x@example.com' } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('MASG_EMAIL');
  });
});

describe('Ctrl-C and --debug', () => {
  it('Ctrl-C during the accounts: exit 130, the unfinished ones said interrupted, no file', async () => {
    const ac = new AbortController();
    afterRequest = () => ac.abort();
    const out = join(h.temp(), 'all.csv');
    try {
      const run = await h.masg(['--profile', 'kiri,la,berlin', 'campaign', 'list', '--concurrency', '1', '--out', out], {
        signal: ac.signal,
      });
      expect(run.code).toBe(130);
      expect(run.stderr).toContain('berlin: interrupted (130)\n');
    } finally {
      afterRequest = undefined;
    }
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dirname(out))).toEqual([]);
  });

  it('--debug lines say whose request each is, and never show a key', async () => {
    const run = await h.masg(['--profile', 'kiri,la', 'adv', 'list', '-o', 'csv', '--debug']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.includes('/advertisers/list'));
    expect(lines.some((l) => l.startsWith('[kiri] '))).toBe(true);
    expect(lines.some((l) => l.startsWith('[la] '))).toBe(true);
    for (const a of h.sandbox.accounts) expect(run.stderr).not.toContain(a.key);
  });
});

describe('one host, one pause', () => {
  it('a 429 met by one account holds every account’s next request to that host', async () => {
    h.sandbox.setFaults({ next: ['429'], path: '/advertisers/list', retryAfter: 0.6 });
    log.length = 0;
    try {
      // Each account: its advertisers, then each advertiser's campaigns, one request after the other.
      const run = await h.masg(['--profile', 'kiri,berlin', 'campaign', 'list', '-o', 'csv']);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      h.sandbox.setFaults(undefined);
    }
    const limited = log.filter((e) => e.status === 429);
    expect(limited).toHaveLength(1);
    const later = log.filter((e) => e.at > limited[0].at);
    expect(later.length).toBeGreaterThanOrEqual(3);
    // Only a request already on its way when the 429 came back may end inside the pause (one per
    // account, as each sends one at a time); every other one waited it out.
    const inside = later.filter((e) => e.at < limited[0].at + 550);
    expect(inside.length).toBeLessThanOrEqual(1);
  });
});

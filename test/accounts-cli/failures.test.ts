// When some accounts fail: the others finish and their output is complete, a status line per
// account on stderr (JSON objects under -o json/ndjson), exit 8; a refused account is not retried;
// one account's 429, Retry-After or hung requests hold only its own share of the pool.
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

describe("one account's trouble is its own", () => {
  const warned = () => {
    const warnings: Error[] = [];
    const listener = (w: Error) => warnings.push(w);
    process.on('warning', listener);
    return { warnings, stop: () => process.off('warning', listener) };
  };

  it('a 429 with a long Retry-After for one account holds none of the others, and no Node warning is raised', async () => {
    const kiri = h.sandbox.accounts.find((a) => a.name === 'kiri')!;
    // Every request of kiri's is refused "for an hour": more than any wait masg takes.
    h.sandbox.setFaults({ rates: { '429': 1 }, account: kiri.email, retryAfter: 3600 });
    const w = warned();
    try {
      // A shared pause would hold la and berlin until the deadline, and fail them there.
      const run = await h.masg(['--profile', 'kiri,la,berlin', 'campaign', 'list', '-o', 'csv', '--deadline', '20']);
      expect(run.code, run.stderr).toBe(8);
      const lines = run.stderr.split('\n').filter((l) => /^(kiri|la|berlin): /.test(l));
      expect(lines[0]).toMatch(/^kiri: .*\(6\)$/);
      expect(lines.slice(1)).toEqual(['la: ok', 'berlin: ok']);
    } finally {
      h.sandbox.setFaults(undefined);
      w.stop();
    }
    expect(w.warnings.map((x) => `${x.name}: ${x.message}`)).toEqual([]);
  });

  it('a hung account holds only its share of --concurrency: the other finishes while it hangs', async () => {
    const kiri = h.sandbox.accounts.find((a) => a.name === 'kiri')!;
    h.sandbox.setFaults({ account: kiri.email, latencyMs: 8000 });
    log.length = 0;
    const w = warned();
    try {
      // kiri asks for more than the whole pool at once (two pieces and the names); berlin needs a connection too.
      const argv = ['pub', 'stats', '--interval', 'day', '--from', '2024-06-01', '--to', '2024-06-04', '-o', 'csv'];
      const run = await h.masg(['--profile', 'kiri,berlin', ...argv, '--concurrency', '2', '--timeout', '2', '--retries', '0']);
      expect(run.code, run.stderr).toBe(8);
      expect(run.stderr).toContain('berlin: ok\n');
    } finally {
      h.sandbox.setFaults(undefined);
      w.stop();
    }
    // kiri's requests never got an answer (status 0, closed by its timeout); every one of berlin's
    // was answered before the first of them gave up: berlin never waited for kiri's connections.
    const hung = log.filter((e) => e.status === 0);
    const answered = log.filter((e) => e.status === 200);
    expect(hung.length).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...answered.map((e) => e.at))).toBeLessThan(Math.min(...hung.map((e) => e.at)));
    expect(w.warnings).toEqual([]);
  });
});

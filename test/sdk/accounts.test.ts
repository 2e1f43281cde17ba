// forEachAccount over real HTTP: the sandbox with accounts in Pacific/Kiritimati and
// America/Los_Angeles sharing IDs, one in Berlin, a rejected key and the restricted account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import {
  AuthError,
  ConfigError,
  accountsExitCode,
  accountStatus,
  createClient,
  describeAccountResult,
  forEachAccount,
  HostGates,
  profileNames,
  splitProfileList,
  UsageError,
  type AccountResult,
  type ClientOptions,
  type MasgClient,
} from '../../src/index.js';
import { sleep } from '../../src/transport/retry.js';
import { rejection, useSandbox } from './setup.js';

const h = useSandbox({
  accounts: [
    { name: 'kiri', timeZone: 'Pacific/Kiritimati', dataSeed: 11 },
    { name: 'la', timeZone: 'America/Los_Angeles', dataSeed: 11 },
    { name: 'berlin', timeZone: 'Europe/Berlin' },
  ],
});
const account = (name: string): ClientOptions & { name: string } => {
  const a = h.sb.accounts.list.find((x) => x.name === name)!;
  return { name: a.name, baseUrl: h.sb.baseUrl, email: a.email, key: a.key, timeZone: a.timeZone };
};
const ids = async (c: MasgClient) => (await c.listPublications().toArray()).map((p) => p.id).sort();
const values = <T>(results: Array<AccountResult<T>>) => results.map((r) => (r.ok ? r.value : r.status));

describe('forEachAccount', () => {
  it('runs the call for every account: each result equals that account’s own run, named and in input order', async () => {
    const accounts = ['kiri', 'la', 'berlin'].map(account);
    const results = await forEachAccount(accounts, ids, { overrides: { retries: 0 } });
    expect(results.map((r) => [r.account.name, r.account.email, r.account.timeZone, r.status])).toEqual([
      ['kiri', 'kiri@sandbox.masg.test', 'Pacific/Kiritimati', 'ok'],
      ['la', 'la@sandbox.masg.test', 'America/Los_Angeles', 'ok'],
      ['berlin', 'berlin@sandbox.masg.test', 'Europe/Berlin', 'ok'],
    ]);
    for (const [i, a] of accounts.entries()) {
      const single = createClient({ ...a, retries: 0 });
      expect(values(results)[i]).toEqual(await ids(single));
      await single.close();
    }
    // Two accounts whose data share IDs: the same publication IDs, told apart by the account.
    expect(values(results)[0]).toEqual(values(results)[1]);
    expect((values(results)[0] as string[]).some((id) => (values(results)[2] as string[]).includes(id))).toBe(false);
    expect(accountsExitCode(results)).toBe(0);
  });

  it('keeps the others’ results when one key is rejected and one account is restricted; neither is retried', async () => {
    const restricted = h.sb.accounts.list.find((a) => a.restricted)!;
    const since = h.mark();
    const results = await forEachAccount(
      [account('kiri'), { ...account('la'), key: 'not-the-key' }, { ...restricted, baseUrl: h.sb.baseUrl }],
      (c) => c.listAdvertisers().toArray(),
      { overrides: { retries: 3 } },
    );
    expect(results.map((r) => r.status)).toEqual(['ok', 'rejected', 'restricted']);
    expect(results[0].ok && results[0].value.length).toBeGreaterThan(0);
    for (const [i, code] of [
      [1, 1003],
      [2, 1004],
    ] as const) {
      const r = results[i];
      if (r.ok) throw new Error('expected a failure');
      expect(r.error).toBeInstanceOf(AuthError);
      expect((r.error as AuthError).code).toBe(code);
      expect(r.exitCode).toBe(4);
    }
    expect(since().filter((r) => r.path === '/advertisers/list.xml')).toHaveLength(3);
    expect(results.map(describeAccountResult)).toEqual([
      'kiri: ok',
      'la: credentials rejected (code 1003) (4)',
      'restricted: restricted by the service (code 1004: not allowed from this address) (4)',
    ]);
    expect(accountsExitCode(results)).toBe(8);
    expect(accountsExitCode(results.slice(1, 2))).toBe(4);
    expect(results.map(accountStatus)).toEqual([
      { account: 'kiri', email: 'kiri@sandbox.masg.test', status: 'ok', exitCode: 0 },
      {
        account: 'la',
        email: 'la@sandbox.masg.test',
        status: 'rejected',
        exitCode: 4,
        code: 1003,
        message: expect.stringContaining('1003'),
      },
      {
        account: 'restricted',
        email: restricted.email,
        status: 'restricted',
        exitCode: 4,
        code: 1004,
        message: expect.stringContaining('1004'),
      },
    ]);
  });

  it('counts relative dates in each account’s own zone (Kiritimati is a day ahead of Los Angeles most hours)', async () => {
    const localYesterday = (timeZone: string) => {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
      const d = new Date(`${day}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 1);
      return d.toISOString().slice(0, 10).replaceAll('-', '');
    };
    const before = { kiri: localYesterday('Pacific/Kiritimati'), la: localYesterday('America/Los_Angeles') };
    const results = await forEachAccount([account('kiri'), account('la')], async (c) => {
      const plan = await c.publicationStats({ from: 'yesterday', to: 'yesterday' }, { dryRun: true });
      const records = await c.publicationStats({ from: 'yesterday', to: 'yesterday' }).toArray();
      return { url: plan.requests[0].url, records: records.length };
    });
    const after = { kiri: localYesterday('Pacific/Kiritimati'), la: localYesterday('America/Los_Angeles') };
    for (const [i, name] of (['kiri', 'la'] as const).entries()) {
      const r = results[i];
      if (!r.ok) throw r.error;
      const start = new URL(r.value.url).searchParams.get('start');
      // A local midnight may pass between the two readings of the clock.
      expect([`${before[name]}00`, `${after[name]}00`]).toContain(start);
      expect(r.value.records).toBeGreaterThan(0);
    }
  });

  it('never runs more accounts at once than the concurrency, and a slot frees as soon as its account is done', async () => {
    const names = ['kiri', 'la', 'berlin', 'kiri2', 'la2'];
    const accounts = names.map((name, i) => ({ ...account(['kiri', 'la', 'berlin'][i % 3]), name }));
    for (const concurrency of [1, 2]) {
      let running = 0;
      let most = 0;
      const order: string[] = [];
      const results = await forEachAccount(
        accounts,
        async (c, a) => {
          most = Math.max(most, ++running);
          order.push(a.name);
          await c.listAdvertisers().toArray();
          running--;
          return a.name;
        },
        { concurrency },
      );
      expect(most).toBe(concurrency);
      expect(order.sort()).toEqual([...names].sort());
      expect(values(results)).toEqual(names);
    }
  });

  it('a slow account holds only its own slot: the others finish through the free one meanwhile', async () => {
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const finished: string[] = [];
    const accounts = [account('kiri'), account('la'), account('berlin'), { ...account('la'), name: 'la-again' }];
    const results = await forEachAccount(
      accounts,
      async (c, a) => {
        if (a.name === 'kiri') await slow;
        const n = (await c.listAdvertisers().toArray()).length;
        finished.push(a.name);
        if (finished.length === 3) releaseSlow();
        return n;
      },
      { concurrency: 2 },
    );
    expect(finished).toEqual(['la', 'berlin', 'la-again', 'kiri']);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('a call that throws a plain Error fails its account alone (exit class 1)', async () => {
    const results = await forEachAccount([account('kiri'), account('la')], async (c, a) => {
      if (a.name === 'la') throw new Error('bug in the caller');
      return (await c.listAdvertisers().toArray()).length;
    });
    expect(results.map((r) => r.status)).toEqual(['ok', 'failed']);
    expect(!results[1].ok && [results[1].error.message, results[1].exitCode]).toEqual(['bug in the caller', 1]);
  });

  it('an aborted signal reports every account not finished as interrupted (130), nothing sent', async () => {
    const since = h.mark();
    const results = await forEachAccount([account('kiri'), account('la')], (c) => ids(c), { signal: AbortSignal.abort() });
    expect(results.map((r) => r.status)).toEqual(['interrupted', 'interrupted']);
    expect(accountsExitCode(results)).toBe(130);
    expect(since()).toHaveLength(0);
  });

  it('refuses an empty list, a name listed twice and a bad concurrency, naming the field', async () => {
    const refused = async (p: Promise<unknown>) => (await rejection(p)) as UsageError;
    expect((await refused(forEachAccount([], ids))).field).toBe('accounts');
    expect((await refused(forEachAccount([account('kiri'), account('kiri')], ids))).message).toMatch(/"kiri" is listed twice/);
    const { name: _n, email: _e, ...nameless } = account('kiri');
    expect((await refused(forEachAccount([nameless as ClientOptions], ids))).field).toBe('accounts[0]');
    for (const concurrency of [0, 65, 1.5])
      expect((await refused(forEachAccount([account('kiri')], ids, { concurrency }))).field).toBe('concurrency');
  });
});

describe('forEachAccount over profiles', () => {
  let dir: string;
  const env = () => ({ MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' });
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'masg-sdk-accounts-'));
    const store = await openStore(dir, { env: env() });
    for (const name of ['kiri', 'la']) {
      const a = account(name);
      await store.set(name, { email: a.email, key: a.key, baseUrl: a.baseUrl, timezone: a.timeZone });
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves each profile as the CLI does; a missing profile is that account’s ConfigError (3)', async () => {
    const results = await forEachAccount(['la', 'nosuch', 'kiri'], ids, { env: env(), overrides: { retries: 0 } });
    expect(results.map((r) => [r.account.name, r.account.email, r.account.timeZone, r.status])).toEqual([
      ['la', 'la@sandbox.masg.test', 'America/Los_Angeles', 'ok'],
      ['nosuch', undefined, undefined, 'failed'],
      ['kiri', 'kiri@sandbox.masg.test', 'Pacific/Kiritimati', 'ok'],
    ]);
    expect(!results[1].ok && results[1].error).toBeInstanceOf(ConfigError);
    expect(!results[1].ok && results[1].exitCode).toBe(3);
  });

  it('profileNames lists every saved profile (for --all-profiles); splitProfileList reads "a,b"', async () => {
    const names = await profileNames({ env: env() });
    expect(names).toEqual(['kiri', 'la']);
    const results = await forEachAccount(names, ids, { env: env() });
    expect(results.map((r) => r.account.email)).toEqual(['kiri@sandbox.masg.test', 'la@sandbox.masg.test']);
    expect(splitProfileList(' la, kiri ')).toEqual(['la', 'kiri']);
    for (const bad of ['la,,kiri', 'la,', 'la,la']) expect(() => splitProfileList(bad, 'MASG_PROFILE')).toThrow(/^MASG_PROFILE: /);
  });

  it('refuses MASG_EMAIL, MASG_DEVELOPER_KEY or MASG_TIMEZONE over several profiles: they would make one account of all', async () => {
    for (const v of ['MASG_EMAIL', 'MASG_DEVELOPER_KEY', 'MASG_TIMEZONE']) {
      const err = await rejection(forEachAccount(['la', 'kiri'], ids, { env: { ...env(), [v]: 'x' } }));
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).message).toContain(v);
    }
    // One profile: the environment applies as it does for `masg --profile la`.
    const [one] = await forEachAccount(['la'], ids, { env: { ...env(), MASG_TIMEZONE: 'UTC' } });
    expect(one.account.timeZone).toBe('UTC');
  });
});

describe('one host, one pause: a 429 with Retry-After met by one account holds the others', () => {
  it('the second account waits on the shared gate instead of meeting a 429 of its own', async () => {
    h.sb.setFaults({ next: ['429'], path: '/publication/list', retryAfter: 0.3 });
    const waits: number[] = [];
    const hostGates = new HostGates({
      sleep: (ms, signal) => {
        waits.push(ms);
        return sleep(ms, signal);
      },
    });
    let firstLimited!: () => void;
    const limited = new Promise<void>((resolve) => (firstLimited = resolve));
    const since = h.mark();
    const results = await forEachAccount(
      [account('kiri'), account('la')],
      async (c, a) => {
        if (a.name === 'kiri') return (await c.listPublications().toArray()).length;
        await limited; // start only once kiri has met the 429
        return (await c.listAdvertisers().toArray()).length;
      },
      { overrides: { retries: 2, hostGates, onDebug: (line) => line.startsWith('↻') && firstLimited() } },
    );
    h.sb.setFaults(undefined);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(since().map((r) => `${r.path} ${r.status}`)).toEqual(
      expect.arrayContaining(['/publication/list.xml 429', '/publication/list.xml 200', '/advertisers/list.xml 200']),
    );
    expect(since().filter((r) => r.status === 429)).toHaveLength(1);
    // la's first request found the host paused for most of the 300 ms kiri was told to wait.
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(300);
  });

  it('without a shared gate, the second account goes at once, before the first one’s retry', async () => {
    h.sb.setFaults({ next: ['429'], path: '/publication/list', retryAfter: 0.3 });
    let firstLimited!: () => void;
    const limited = new Promise<void>((resolve) => (firstLimited = resolve));
    const a = createClient({ ...account('kiri'), retries: 2, onDebug: (line) => line.startsWith('↻') && firstLimited() });
    const b = createClient({ ...account('la'), retries: 0 });
    const since = h.mark();
    try {
      const first = a.listPublications().toArray();
      await limited;
      await b.listAdvertisers().toArray();
      await first;
    } finally {
      h.sb.setFaults(undefined);
      await a.close();
      await b.close();
    }
    expect(since().map((r) => `${r.path} ${r.status}`)).toEqual([
      '/publication/list.xml 429',
      '/advertisers/list.xml 200',
      '/publication/list.xml 200',
    ]);
  });
});

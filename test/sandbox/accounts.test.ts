// Many accounts: `accounts: N` and account specs, each account with its own data, zone and seed;
// twins sharing IDs; the restricted account; a data file that keeps and extends its accounts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOptions } from '../../src/sandbox/cli.js';
import type { Sandbox, SandboxAccountInfo } from '../../src/sandbox/index.js';
import { startSandbox as startPublic } from '../../src/sandbox/public.js';
import { call, errorOf, start, type Entity, type Res } from './helpers.js';
import { spawnSandbox } from './spawned.js';
import { runMasgSync } from '../helpers/binary.js';

const dir = mkdtempSync(path.join(tmpdir(), 'masg-accounts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const as = (sb: Sandbox, a: SandboxAccountInfo, p: string, params?: Record<string, string>): Promise<Res> =>
  call(sb, 'GET', p, { auth: a, params });
const list = async (sb: Sandbox, a: SandboxAccountInfo, p: string): Promise<Entity[]> => (await as(sb, a, p)).json()['masg-response'];
const ids = (rows: Entity[]) => rows.map((r) => r.id).sort();
const DAY = { start: '2024061000', end: '2024061023' };

describe('accounts: N', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await start({ accounts: 4 });
  });
  afterAll(() => sb.close());

  it('lists N generated accounts, then the restricted one; the first zones are Kiritimati and Los Angeles', () => {
    expect(sb.accounts.map((a) => a.name)).toEqual(['acct-01', 'acct-02', 'acct-03', 'acct-04', 'restricted']);
    expect(sb.accounts.map((a) => a.timeZone).slice(0, 2)).toEqual(['Pacific/Kiritimati', 'America/Los_Angeles']);
    expect(sb.accounts[0]).toEqual({
      name: 'acct-01',
      email: 'acct-01@sandbox.masg.test',
      key: 'acct-01-developer-key',
      timeZone: 'Pacific/Kiritimati',
    });
    expect(sb.accounts.filter((a) => a.restricted).map((a) => a.email)).toEqual(['restricted@sandbox.masg.test']);
  });

  it('gives every account its own publications, ad slots, advertisers and campaigns', async () => {
    const seen = new Set<string>();
    for (const a of sb.accounts.filter((x) => !x.restricted)) {
      const pubs = await list(sb, a, '/publication/list.json');
      const slots = await list(sb, a, '/adslot/list.json');
      const advertisers = await list(sb, a, '/advertisers/list.json');
      expect(pubs.length).toBeGreaterThanOrEqual(2);
      expect(slots.length).toBeGreaterThanOrEqual(pubs.length);
      expect(advertisers.length).toBeGreaterThanOrEqual(1);
      expect(new Set(slots.map((s) => s.publication))).toEqual(new Set(pubs.map((p) => p.id)));
      const campaigns = await list(sb, a, `/advertiser/${advertisers[0].id}/campaigns/list.json`);
      expect(campaigns.length).toBeGreaterThanOrEqual(1);
      for (const id of [...ids(pubs), ...ids(slots), ...ids(advertisers)]) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
  });

  it('keeps the demo accounts and their data beside them', async () => {
    const pubs = (await call(sb, 'GET', '/publication/list.json')).json()['masg-response'] as Entity[];
    expect(pubs.map((p) => p.reference)).toContain('demo-1');
  });

  it('refuses another account’s publication with 2001, and the restricted account with 1004', async () => {
    const [a, b] = sb.accounts;
    const [pub] = await list(sb, a, '/publication/list.json');
    const refused = await as(sb, b, `/publication/${pub.id}.xml`);
    expect(errorOf(refused).code).toBe(2001);
    const restricted = sb.accounts.find((x) => x.restricted)!;
    expect(errorOf(await as(sb, restricted, '/publication/list.xml')).code).toBe(1004);
  });

  it('has statistics for each account, from its own seed', async () => {
    const [a, b] = sb.accounts;
    const statsOf = async (acct: SandboxAccountInfo) => (await as(sb, acct, '/publication/statistics.xml', DAY)).text;
    const [sa, sb2] = [await statsOf(a), await statsOf(b)];
    expect(sa).toMatch(/<impressions>\d+<\/impressions>/);
    expect(sb2).toMatch(/<impressions>\d+<\/impressions>/);
    expect(sa).not.toBe(sb2);
    expect(await statsOf(a)).toBe(sa);
  });
});

describe('twins: two accounts with one data seed', () => {
  let sb: Sandbox;
  const [a, b] = [
    { name: 'east', dataSeed: 7, timeZone: 'Pacific/Kiritimati' },
    { name: 'west', dataSeed: 7, timeZone: 'America/Los_Angeles' },
  ];
  beforeAll(async () => {
    sb = await start({ accounts: [a, b, { name: 'third' }] });
  });
  afterAll(() => sb.close());

  it('hold the same publication, ad slot and advertiser IDs, each served to its own account', async () => {
    const [east, west, third] = sb.accounts;
    for (const p of ['/publication/list.json', '/adslot/list.json', '/advertisers/list.json']) {
      const [e, w, t] = [await list(sb, east, p), await list(sb, west, p), await list(sb, third, p)];
      expect(ids(e)).toEqual(ids(w));
      expect(ids(e).filter((id) => ids(t).includes(id))).toEqual([]);
    }
    const [pub] = await list(sb, east, '/publication/list.json');
    for (const acct of [east, west]) {
      const view = await as(sb, acct, `/publication/${pub.id}.json`);
      expect(view.status).toBe(200);
      expect(view.json()['masg-response'].id).toBe(pub.id);
    }
    expect(errorOf(await as(sb, third, `/publication/${pub.id}.json`)).code).toBe(2001);
  });

  it('count days in their own zones: at 12:34 UTC on 15 June, 16 June has begun only in Kiritimati', async () => {
    const [east, west] = sb.accounts;
    const june16 = { start: '2024061600', end: '2024061623' };
    const e = (await as(sb, east, '/publication/statistics.xml', june16)).text;
    const w = (await as(sb, west, '/publication/statistics.xml', june16)).text;
    expect(e).toMatch(/<impressions>[1-9]\d*<\/impressions>/);
    expect(w).not.toMatch(/<impressions>/);
    // A day both have lived through in full: one seed, one hourly series in local hours.
    expect((await as(sb, east, '/publication/statistics.xml', DAY)).text).toBe(
      (await as(sb, west, '/publication/statistics.xml', DAY)).text,
    );
  });

  it('an incident aimed at one twin leaves the other alone', async () => {
    const [east, west] = sb.accounts;
    const [slot] = await list(sb, east, '/adslot/list.json');
    const day = { start: '2024061200', end: '2024061223' };
    const path = `/adslot/${slot.id}/statistics.xml`;
    const before = [(await as(sb, east, path, day)).text, (await as(sb, west, path, day)).text];
    await sb.incident({ kind: 'slot-outage', id: slot.id, day: '2024-06-12', account: east.email });
    expect((await as(sb, east, path, day)).text).not.toBe(before[0]);
    expect((await as(sb, west, path, day)).text).toBe(before[1]);
  });
});

describe('defaults and checks', () => {
  it('without accounts: demo, other and restricted, and no account beyond them', async () => {
    const sb = await start();
    try {
      expect(sb.accounts.map((a) => [a.name, a.timeZone, a.restricted ?? false])).toEqual([
        ['demo', 'America/New_York', false],
        ['other', 'Europe/Berlin', false],
        ['restricted', 'UTC', true],
      ]);
      expect(
        errorOf(
          await call(sb, 'GET', '/publication/list.xml', { auth: { email: 'acct-01@sandbox.masg.test', key: 'acct-01-developer-key' } }),
        ).code,
      ).toBe(1002);
    } finally {
      await sb.close();
    }
  });

  it('refuses a bad count, a taken name and an unknown zone, naming the field', async () => {
    await expect(start({ accounts: 0 })).rejects.toThrow(/accounts: expected a whole number from 1 to 1000, got 0/);
    await expect(start({ accounts: [{ name: 'x' }, { name: 'x' }] })).rejects.toThrow(/accounts\[1\]\.name: "x" is taken/);
    await expect(start({ accounts: [{ name: 'demo' }] })).rejects.toThrow(/accounts\[0\]\.name: "demo" is taken/);
    await expect(start({ accounts: [{ timeZone: 'Mars/Olympus' }] })).rejects.toThrow(/accounts\[0\]\.timeZone: "Mars\/Olympus"/);
  });

  it('--accounts must be a whole number from 1 to 1000', () => {
    expect(sandboxOptions({ accounts: '12' }).accounts).toBe(12);
    expect(sandboxOptions({}).accounts).toBeUndefined();
    for (const bad of ['0', '1001', 'x', '-2', '2.5']) expect(() => sandboxOptions({ accounts: bad })).toThrow(/--accounts/);
  });

  it('works with --scale: the demo account gets the scale network, the others their own data', async () => {
    const sb = await start({ scale: { publications: 12, slotsPerPublication: 2 }, accounts: 2 });
    try {
      expect((await call(sb, 'GET', '/publication/list.json')).json()['masg-response']).toHaveLength(12);
      const [a] = sb.accounts;
      expect((await list(sb, a, '/publication/list.json')).every((p) => !p.name.startsWith('Scale'))).toBe(true);
    } finally {
      await sb.close();
    }
  });

  it('masg/sandbox hands the accounts out as accounts.list, ready for createClient', async () => {
    const sb = await startPublic({ accounts: 2 });
    try {
      expect(sb.accounts.list.map((a) => a.email)).toEqual([
        'acct-01@sandbox.masg.test',
        'acct-02@sandbox.masg.test',
        'restricted@sandbox.masg.test',
      ]);
      expect(sb.accounts.list[2].restricted).toBe(true);
      expect(sb.accounts.demo.email).toBe('demo@sandbox.masg.test');
    } finally {
      await sb.close();
    }
  });
});

describe('a data file with accounts', () => {
  it('keeps them across a restart, adds the missing ones, and keeps a zone it already has', async () => {
    const file = path.join(dir, 'state.json');
    const first = await start({ dataFile: file, accounts: 2 });
    const [a] = first.accounts;
    const pubs = ids(await list(first, a, '/publication/list.json'));
    await first.close();
    const accountsIn = () =>
      (JSON.parse(readFileSync(file, 'utf8')) as { accounts: Array<{ email: string }> }).accounts.map((x) => x.email);
    expect(accountsIn()).toHaveLength(5);

    const second = await start({ dataFile: file, accounts: [{}, {}, {}], seed: 42 });
    try {
      expect(second.accounts.map((x) => x.name)).toEqual(['acct-01', 'acct-02', 'acct-03', 'restricted']);
      expect(ids(await list(second, second.accounts[0], '/publication/list.json'))).toEqual(pubs);
      expect((await list(second, second.accounts[2], '/publication/list.json')).length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    expect(accountsIn()).toHaveLength(6);

    const third = await start({ dataFile: file, accounts: [{ name: 'acct-01', timeZone: 'UTC' }] });
    try {
      expect(third.accounts[0].timeZone).toBe('Pacific/Kiritimati');
    } finally {
      await third.close();
    }
    const plain = await start({ dataFile: file });
    try {
      expect(ids(await list(plain, a, '/publication/list.json'))).toEqual(pubs);
    } finally {
      await plain.close();
    }
  });
});

describe('two sandboxes starting on one new data file with accounts', () => {
  it('add each account once: the second finds them already there under the lock', async () => {
    const file = path.join(dir, 'shared.json');
    const [one, two] = await Promise.all([start({ dataFile: file, accounts: 3 }), start({ dataFile: file, accounts: 3 })]);
    try {
      const state = JSON.parse(readFileSync(file, 'utf8')) as { accounts: Array<{ email: string }>; publications: Entity[] };
      const emails = state.accounts.map((a) => a.email);
      expect(emails).toHaveLength(6);
      expect(new Set(emails).size).toBe(6);
      const a = one.accounts[0];
      expect(ids(await list(one, a, '/publication/list.json'))).toEqual(ids(await list(two, a, '/publication/list.json')));
      expect(state.publications.filter((p) => p.account === a.email).length).toBe((await list(two, a, '/publication/list.json')).length);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('masg sandbox --accounts (the built binary)', () => {
  it('serves the generated accounts it lists, and refuses --accounts 0 with exit 2', async () => {
    const sb = await spawnSandbox(['--port', '0', '--accounts', '14', '--no-log']);
    try {
      await sb.waitFor('Press Ctrl-C');
      const out = sb.stdout();
      expect(out).toContain('14 generated accounts, each with its own data and zone:');
      expect(out).toContain('acct-01: acct-01@sandbox.masg.test  key: acct-01-developer-key  time zone: Pacific/Kiritimati');
      expect(out).toContain('acct-02: acct-02@sandbox.masg.test  key: acct-02-developer-key  time zone: America/Los_Angeles');
      expect(out).toContain('… and 2 more: acct-NN@sandbox.masg.test, key acct-NN-developer-key');
      expect(out).toContain('restricted@sandbox.masg.test  key: restricted-developer-key  time zone: UTC  (always error 1004)');
      const last = { email: 'acct-14@sandbox.masg.test', key: 'acct-14-developer-key' };
      const res = await call({ url: sb.url, demo: last }, 'GET', '/publication/list.json');
      expect(res.status).toBe(200);
      expect((res.json()['masg-response'] as Entity[]).length).toBeGreaterThan(0);
    } finally {
      await sb.stop();
    }
    const refused = runMasgSync(['sandbox', '--accounts', '0']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--accounts must be a whole number from 1 to 1000, got "0"');
  });
});

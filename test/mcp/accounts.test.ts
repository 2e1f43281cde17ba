// A tool's `account` gets what `masg --profile NAME` gets, or the CLI's refusal. Two services
// (two sandboxes on port 0) hold one account each: profile a1 on A (Pacific/Kiritimati), profile
// b on B (America/Los_Angeles); a third account, c1 on A, is MASG_EMAIL/MASG_DEVELOPER_KEY's. Each
// service's request log says whose credentials reached it: nothing reaches the wrong one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { Accounts } from '../../src/mcp/accounts.js';
import { sumDecimals } from '../../src/core/decimal.js';
import { runCli } from '../helpers/cli.js';
import { connectMcp, structured, textOf, type McpRun } from './helpers.js';

let A: Sandbox;
let B: Sandbox;
let dir: string;
let profiles: Record<string, string>;
const account = (s: Sandbox, name: string) => s.accounts.find((a) => a.email.startsWith(`${name}@`))!;
const emails = (s: Sandbox) => [...new Set(s.requests.map((r) => r.email))];
const NEW_PUB = { name: 'From an agent', type: 'ANDROID_APP', description: 'x', transparent: true };

beforeAll(async () => {
  A = await startSandbox({
    port: 0,
    accounts: [
      { name: 'a1', timeZone: 'Pacific/Kiritimati' },
      { name: 'c1', timeZone: 'UTC' },
    ],
  });
  B = await startSandbox({ port: 0, accounts: [{ name: 'b', timeZone: 'America/Los_Angeles' }] });
  dir = mkdtempSync(join(tmpdir(), 'masg-mcp-accounts-'));
  profiles = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' };
  const store = await openStore(dir, { env: profiles });
  const a1 = account(A, 'a1');
  const b = account(B, 'b');
  await store.set('a1', { email: a1.email, key: a1.key, baseUrl: A.url, timezone: a1.timeZone });
  await store.set('b', { email: b.email, key: b.key, baseUrl: B.url, timezone: b.timeZone });
});

afterAll(async () => {
  await A?.close();
  await B?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(env: Record<string, string>, run: (mcp: McpRun) => Promise<void>): Promise<void> {
  const mcp = await connectMcp(['mcp', '--allow-writes'], { env: { ...profiles, ...env } });
  try {
    await run(mcp);
  } finally {
    expect(await mcp.close()).toBe(0);
  }
}

const call = (mcp: McpRun, name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });

describe('profiles: each account is its own profile, on its own service', () => {
  it('sends each call with its own profile, to its own base URL, in its own zone', async () => {
    A.requests.length = 0;
    B.requests.length = 0;
    await serve({}, async (mcp) => {
      const listed = structured<{ accounts: Array<{ name: string }> }>(await call(mcp, 'list_accounts', {}));
      expect(listed.accounts.map((a) => a.name)).toEqual(['a1', 'b']);

      const bPubs = structured<{ account: string; items: unknown[] }>(await call(mcp, 'list_publications', { account: 'b' }));
      expect(bPubs.account).toBe('b');
      expect(emails(A)).toEqual([]);
      expect(emails(B)).toEqual([account(B, 'b').email]);

      const stats = structured<{ zone: string; days: { from: string }; totals: { earnings: string } }>(
        await call(mcp, 'publisher_stats', { account: 'a1', date: 'yesterday' }),
      );
      const cli = await runCli(['--profile', 'a1', 'pub', 'stats', '--date', 'yesterday', '-o', 'json'], { env: profiles });
      expect(cli.code, cli.stderr).toBe(0);
      expect(stats.zone).toBe('Pacific/Kiritimati');
      // Kiritimati's yesterday (UTC+14, no DST): a day ahead of Los Angeles's, whatever the hour.
      expect(stats.days.from).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(Date.now() - 86_400_000));
      const cliRows = JSON.parse(cli.stdout) as Array<{ earnings: string }>;
      expect(stats.totals.earnings).toBe(
        sumDecimals(
          cliRows.map((r) => r.earnings),
          2,
        ),
      );

      const plan = structured<{ confirm: string }>(await call(mcp, 'create_publication', { account: 'a1', ...NEW_PUB }));
      const done = structured<{ account: string; item: { id: string } }>(
        await call(mcp, 'create_publication', { account: 'a1', ...NEW_PUB, confirm: plan.confirm }),
      );
      expect(done.account).toBe('a1');
      const posts = A.requests.filter((r) => r.method === 'POST');
      expect(posts.map((r) => r.email)).toEqual([account(A, 'a1').email]);
      expect(B.requests.filter((r) => r.method === 'POST')).toEqual([]);
    });
    // Every request reached its profile's service with its profile's credentials, and was let in.
    expect(emails(A)).toEqual([account(A, 'a1').email]);
    expect(emails(B)).toEqual([account(B, 'b').email]);
    expect([...A.requests, ...B.requests].every((r) => r.status === 200)).toBe(true);
  });

  it("without an active profile, a call without account lists the accounts it may use, in the tool's words", async () => {
    await serve({}, async (mcp) => {
      const r = await call(mcp, 'list_advertisers', {});
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^Invalid input\.\nNo default account: give account/);
      expect(textOf(r)).toContain('Parameter: account.');
      expect(textOf(r)).toContain('Accounts: a1, b.');
      expect(textOf(r)).not.toMatch(/masg login|--sandbox|--profile/);
      const two = await call(mcp, 'list_advertisers', { account: 'a1,b' });
      expect(textOf(two)).toContain('Parameter: account.');
      expect(textOf(two)).not.toMatch(/profile/);
    });
  });
});

describe('MASG_EMAIL / MASG_DEVELOPER_KEY / MASG_TIMEZONE: one account, never another profile', () => {
  it("offers only the environment's account and refuses a profile as the CLI refuses the variables over several", async () => {
    A.requests.length = 0;
    B.requests.length = 0;
    const c1 = account(A, 'c1');
    const env = { MASG_EMAIL: c1.email, MASG_DEVELOPER_KEY: c1.key, MASG_BASE_URL: A.url, MASG_TIMEZONE: 'UTC' };
    await serve(env, async (mcp) => {
      const listed = structured<{ accounts: Array<{ email: string }> }>(await call(mcp, 'list_accounts', {}));
      expect(listed.accounts.map((a) => a.email)).toEqual([c1.email]);
      const cli = await runCli(['--profile', 'a1,b', 'pub', 'list'], { env: { ...profiles, ...env } });
      expect(cli.code).toBe(3);
      for (const [tool, args] of [
        ['list_publications', { account: 'b' }],
        ['publisher_stats', { account: 'a1', date: 'yesterday' }],
        ['create_publication', { account: 'a1', ...NEW_PUB }],
      ] as const) {
        const r = await call(mcp, tool, args);
        expect(r.isError, tool).toBe(true);
        expect(textOf(r)).toMatch(/^Configuration problem\.\nMASG_EMAIL, MASG_DEVELOPER_KEY, MASG_TIMEZONE are set/);
      }
      expect(structured<{ account: string }>(await call(mcp, 'list_publications', {})).account).toBe('default');
    });
    // Nothing reached B; A saw only the environment's account, never a1 or b's credentials.
    expect(B.requests).toEqual([]);
    expect(emails(A)).toEqual([c1.email]);
  });
});

describe('Accounts.only: the seam a token narrows the accounts through', () => {
  it('lists and serves only the names given; another is refused before any request', async () => {
    const io = {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      stdin: Readable.from([]),
      env: profiles,
      signal: new AbortController().signal,
    };
    const all = new Accounts(io, { header: true, color: 'never' }, '0.0.0');
    const scoped = all.only(['b']);
    A.requests.length = 0;
    try {
      expect((await scoped.list()).map((a) => a.name)).toEqual(['b']);
      await expect(scoped.context('a1')).rejects.toThrow('account: "a1" is not an account of this server.');
      await expect(scoped.context(undefined)).rejects.toMatchObject({ field: 'account', hint: 'Accounts: b.' });
      expect((await (await scoped.context('b')).credentials()).email).toBe(account(B, 'b').email);
      expect(A.requests).toEqual([]);
    } finally {
      await all.close();
    }
  });

  it("a token's narrowing: its only account is the default, another is refused in the token's words, nothing sent", async () => {
    const io = {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      stdin: Readable.from([]),
      env: profiles,
      signal: new AbortController().signal,
    };
    const all = new Accounts(io, { header: true, color: 'never' }, '0.0.0');
    A.requests.length = 0;
    try {
      const one = all.only(['b'], { token: true });
      expect(await one.list()).toMatchObject([{ name: 'b', default: true }]);
      expect((await (await one.context(undefined)).credentials()).email).toBe(account(B, 'b').email);
      await expect(one.context('a1')).rejects.toThrow('account: "a1" is not one of this token\'s accounts. This token may use "b".');
      const two = all.only(['a1', 'b'], { token: true });
      expect((await two.list()).map((a) => a.default)).toEqual([false, false]);
      await expect(two.context(undefined)).rejects.toThrow(/none given, and the server's default account is not one of this token's/);
      expect(A.requests).toEqual([]);
    } finally {
      await all.close();
    }
  });
});

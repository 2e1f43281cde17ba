// `masg mcp --http` through the SDK's own client (StreamableHTTPClientTransport): both protocol
// revisions, figures equal to `masg pub stats`, a token's accounts and scope, confirmations bound
// to the token, revocation at the next request, and no token in any file or byte the server writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { sumDecimals } from '../../src/core/decimal.js';
import { parseCsv, removeTempDirs } from '../commands/harness.js';
import { connect, filesUnder, startHttp, startPair, type HttpServer, type Pair } from './http-helpers.js';
import { READ_TOOLS, structured, textOf, WAREHOUSE_TOOLS, WRITE_TOOLS } from './helpers.js';

const DAY = '2024-06-14';
let p: Pair;
let server: HttpServer;
const tokens: Record<string, string> = {};
const clients: Client[] = [];

beforeAll(async () => {
  p = await startPair();
  tokens.alice = await p.token('alice', '--profile', 'a');
  tokens.reader = await p.token('reader', '--all-profiles', '--read-only');
  tokens.writer = await p.token('writer', '--all-profiles');
  tokens.other = await p.token('other', '--profile', 'a,b');
  // A warehouse is configured, so that which tokens are offered its tools shows.
  server = await startHttp(['--profile', 'a', 'mcp', '--http', '0', '--allow-writes', '--db', `${p.dir}/w.duckdb`], p.env);
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  expect(await server?.stop()).toBe(130);
  await p?.close();
  removeTempDirs();
});

async function client(name: string, version?: '2026-07-28'): Promise<Client> {
  const c = await connect(server.url, tokens[name], { version });
  clients.push(c);
  return c;
}

const names = async (c: Client) => (await c.listTools()).tools.map((t) => t.name).sort();
const notWarehouse = (list: string[]) => list.filter((n) => !WAREHOUSE_TOOLS.includes(n));

describe('masg mcp --http: the protocol', () => {
  it('serves a 2025-11-25 client and a 2026-07-28 one, each getting the revision it asked for', async () => {
    const legacy = await client('alice');
    expect(legacy.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const modern = await client('alice', '2026-07-28');
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(notWarehouse(await names(modern))).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    const r = structured<{ totals: Record<string, string> }>(await modern.callTool({ name: 'publisher_stats', arguments: { date: DAY } }));
    expect(r.totals.earnings).toMatch(/^\d+\.\d\d$/);
  });

  it('publisher_stats totals equal `masg pub stats` to the cent', async () => {
    const c = await client('alice');
    const run = await p.masg(['--profile', 'a', 'pub', 'stats', '--date', DAY, '-o', 'csv']);
    const [header, ...rows] = await parseCsv(run.stdout);
    const col = (k: string) => rows.map((r) => r[header.indexOf(k)]);
    const r = structured<{ totals: Record<string, string> }>(await c.callTool({ name: 'publisher_stats', arguments: { date: DAY } }));
    expect(r.totals.earnings).toBe(sumDecimals(col('earnings'), 2));
    expect(r.totals.impressions).toBe(sumDecimals(col('impressions')));
  });
});

describe('masg mcp --http: scopes', () => {
  it('a read-only token lists no write tool on an --allow-writes server; a write token lists them', async () => {
    expect(notWarehouse(await names(await client('reader')))).toEqual([...READ_TOOLS].sort());
    expect(notWarehouse(await names(await client('writer')))).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    await expect((await client('reader')).callTool({ name: 'create_publication', arguments: { name: 'x' } })).rejects.toThrow(/not found/);
  });

  it("a token for some accounts is offered no warehouse tool: the warehouse holds every account's days", async () => {
    const some = await names(await client('alice'));
    const every = await names(await client('reader'));
    expect(some.filter((n) => WAREHOUSE_TOOLS.includes(n))).toEqual([]);
    expect(every.filter((n) => WAREHOUSE_TOOLS.includes(n)).sort()).toEqual([...WAREHOUSE_TOOLS].sort());
  });

  it("a token for account a lists only a, and cannot reach b: a tool error, and b's service receives nothing", async () => {
    const c = await client('alice');
    const listed = structured<{ accounts: Array<{ name: string; default: boolean }> }>(
      await c.callTool({ name: 'list_accounts', arguments: {} }),
    );
    expect(listed.accounts.map((a) => a.name)).toEqual(['a']);
    const before = p.b.requests.length;
    for (const [name, extra] of [
      ['list_publications', {}],
      ['publisher_stats', { date: DAY }],
      ['pulse', { date: DAY }],
    ] as const) {
      const r = await c.callTool({ name, arguments: { account: 'b', ...extra } });
      expect(r.isError, name).toBe(true);
      expect(textOf(r)).toMatch(/account: "b" is not one of this token's accounts/);
      expect(textOf(r)).toContain('"a"');
    }
    expect(p.b.requests.length).toBe(before);
    const own = structured<{ items: unknown[] }>(await c.callTool({ name: 'list_publications', arguments: {} }));
    expect(own.items.length).toBeGreaterThan(0);
  });

  it("a token for a and b reaches each account's own service", async () => {
    const c = await client('other');
    const [a0, b0] = [p.a.requests.length, p.b.requests.length];
    structured(await c.callTool({ name: 'list_publications', arguments: { account: 'b' } }));
    expect(p.b.requests.length).toBeGreaterThan(b0);
    expect(p.a.requests.length).toBe(a0);
    const listed = structured<{ accounts: Array<{ name: string }> }>(await c.callTool({ name: 'list_accounts', arguments: {} }));
    expect(listed.accounts.map((a) => a.name).sort()).toEqual(['a', 'b']);
  });

  it('a write token gets the plan and confirmation, and a confirmation works only for the token it was issued to', async () => {
    const [writer, other] = [await client('writer'), await client('other')];
    // The same input as writes.test.ts's: transparent is a JSON boolean.
    const args = { account: 'a', name: 'Team site', type: 'ANDROID_APP', description: 'Made over HTTP', transparent: true };
    const plan = structured<{ status: string; confirm: string }>(await writer.callTool({ name: 'create_publication', arguments: args }));
    expect(plan.status).toBe('planned');
    const posts = () => p.a.requests.filter((r) => r.method === 'POST').length;
    const before = posts();
    const stolen = await other.callTool({ name: 'create_publication', arguments: { ...args, confirm: plan.confirm } });
    expect(stolen.isError).toBe(true);
    expect(posts()).toBe(before);
    const again = structured<{ confirm: string }>(await writer.callTool({ name: 'create_publication', arguments: args }));
    const done = structured<{ status: string }>(
      await writer.callTool({ name: 'create_publication', arguments: { ...args, confirm: again.confirm } }),
    );
    expect(done.status).toBe('done');
    expect(posts()).toBe(before + 1);
  });

  it('a revoked token is refused at the next request, without a restart', async () => {
    const temp = await p.token('temp', '--profile', 'a');
    const c = await connect(server.url, temp);
    structured(await c.callTool({ name: 'list_accounts', arguments: {} }));
    expect((await p.masg(['mcp', 'token', 'revoke', 'temp'])).code).toBe(0);
    await expect(c.callTool({ name: 'list_accounts', arguments: {} })).rejects.toThrow(/invalid_token/);
    await c.close().catch(() => undefined);
  });
});

describe('masg mcp --http: tokens', () => {
  it('lists name, accounts, scope, expiry and last use, never a token', async () => {
    const run = await p.masg(['mcp', 'token', 'list', '-o', 'json']);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<Record<string, string>>;
    expect(rows.find((r) => r.name === 'alice')).toMatchObject({ accounts: 'a', scope: 'read-write', expires: 'never' });
    expect(rows.find((r) => r.name === 'reader')).toMatchObject({ accounts: '(all profiles)', scope: 'read-only' });
    expect(rows.find((r) => r.name === 'alice')!.lastUsed).toMatch(/^\d{4}-/);
    for (const t of Object.values(tokens)) expect(run.stdout + run.stderr).not.toContain(t);
  });

  it('refuses a duplicate name, an unknown profile and a token without accounts, naming the field', async () => {
    const dup = await p.masg(['mcp', 'token', 'create', 'alice', '--profile', 'a']);
    expect([dup.code, dup.stdout]).toEqual([2, '']);
    expect(dup.stderr).toMatch(/NAME: a token named "alice" exists already/);
    const unknown = await p.masg(['mcp', 'token', 'create', 'zed', '--profile', 'nope']);
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toMatch(/--profile: "nope" is not a saved profile/);
    const none = await p.masg(['mcp', 'token', 'create', 'zed']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--profile NAME\[,NAME…\] or --all-profiles/);
    const expiry = await p.masg(['mcp', 'token', 'create', 'zed', '--profile', 'a', '--expires', 'soon']);
    expect(expiry.stderr).toMatch(/--expires: "soon" is not a duration/);
  });

  it('redacts a bearer token a call quotes back, in the result sent over HTTP as on stderr', async () => {
    const c = await client('alice');
    const r = await c.callTool({ name: 'list_publications', arguments: { account: tokens.other } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('[REDACTED]');
    expect(JSON.stringify(r)).not.toContain(tokens.other);
  });

  it('keeps no token in any file under the config dir (only hashes, the file 0600), nor in any byte the server wrote', () => {
    const files = filesUnder(p.dir);
    expect(files.some((f) => f.path.endsWith('mcp-tokens.json'))).toBe(true);
    for (const f of files) for (const t of Object.values(tokens)) expect(f.bytes.includes(t), f.path).toBe(false);
    const log = server.stderr();
    for (const t of Object.values(tokens)) {
      expect(log).not.toContain(t);
      expect(log).not.toContain(Buffer.from(t).toString('base64'));
    }
    expect(log).toMatch(/ writer tools\/call:create_publication 200 \d+ms/);
  });
});

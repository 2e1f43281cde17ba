// The accounts' clients are the command line's own: HTTP_PROXY from the injected environment
// carries every account's requests, through a real forward proxy written here that records them.
import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/cli.js';
import { parseRows, useAccounts } from './setup.js';

const h = useAccounts();
const passed: string[] = [];
const proxy = createServer((req, res) => {
  // Absolute-URI form: "GET http://host:port/path HTTP/1.1" (the sandbox is plain HTTP).
  passed.push(`${req.method} ${req.url}`);
  const target = new URL(req.url ?? '');
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
// undici's ProxyAgent tunnels with CONNECT, whatever the target's scheme.
proxy.on('connect', (req, socket, head) => {
  passed.push(`CONNECT ${req.url}`);
  const [host, port] = (req.url ?? '').split(':');
  const upstream = connect(Number(port), host!, () => {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe('several accounts through a proxy', () => {
  it("HTTP_PROXY carries every account's requests; the output equals the direct run", async () => {
    const direct = await h.masg(['--profile', 'kiri,berlin', 'adv', 'list', '-o', 'csv']);
    passed.length = 0;
    const proxied = await h.masg(['--profile', 'kiri,berlin', 'adv', 'list', '-o', 'csv'], { env: { HTTP_PROXY: url } });
    expect(proxied.code, proxied.stderr).toBe(0);
    expect((await parseRows(proxied.stdout, 'csv')).rows).toEqual((await parseRows(direct.stdout, 'csv')).rows);
    // One pool for both accounts: their requests go through the proxy's tunnel(s) to the sandbox.
    expect(passed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(passed)).toEqual(new Set([`CONNECT ${new URL(h.sandbox.url).host}`]));
  });
});

describe('masg sync of several accounts through a proxy', () => {
  it("HTTP_PROXY carries every account's requests, as for one account", async () => {
    passed.length = 0;
    const db = `${h.temp()}/agency.duckdb`;
    const run = await h.masg(['--profile', 'kiri,berlin', '-q', 'sync', '--db', db, '--from', '-1d'], { env: { HTTP_PROXY: url } });
    expect(run.code, run.stderr).toBe(0);
    expect(new Set(passed)).toEqual(new Set([`CONNECT ${new URL(h.sandbox.url).host}`]));
  });
});

describe('masg --debug sync of several accounts', () => {
  it("logs every account's requests on stderr, no key among them", async () => {
    const db = `${h.temp()}/debug.duckdb`;
    const run = await h.masg(['--profile', 'kiri,berlin', '--debug', 'sync', '--db', db, '--from', '-1d']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/GET \S*statistics/);
    for (const a of h.sandbox.accounts) expect(run.stderr).not.toContain(a.key);
  });
});

describe('reads, sync and pulse over several accounts: one pool and one client setup', () => {
  it.each([
    ['a read', () => ['adv', 'list', '-o', 'csv']],
    ['masg sync', () => ['-q', 'sync', '--db', `${h.temp()}/ua.duckdb`, '--from', '-1d']],
    ['masg pulse', () => ['pulse', '-o', 'json']],
  ])("%s: every account's requests go through HTTP_PROXY and say masg's version", async (_what, args) => {
    passed.length = 0;
    const from = h.sandbox.requests.length;
    const run = await h.masg(['--profile', 'kiri,berlin', ...args()], { env: { HTTP_PROXY: url } });
    // The pulse's 9 says it found something to look at; it ran.
    expect([0, 9], run.stderr).toContain(run.code);
    expect(new Set(passed)).toEqual(new Set([`CONNECT ${new URL(h.sandbox.url).host}`]));
    const sent = h.sandbox.requests.slice(from);
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent.map((r) => r.userAgent))).toEqual(new Set([`masg/${VERSION}`]));
  });
});

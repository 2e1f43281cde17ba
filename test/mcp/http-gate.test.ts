// The gate of `masg mcp --http`, over loopback with plain HTTP: what a request without the right
// token, from a foreign Origin, to an unexpected Host, too large or too frequent gets; and that
// none of them costs the service a request. Then the exposure rules: plain HTTP beyond loopback
// is refused before anything listens.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/config/mcp-tokens.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { initialize, rpc, startHttp, startPair, type HttpServer, type Pair } from './http-helpers.js';

let p: Pair;
let server: HttpServer;
let token: string;

beforeAll(async () => {
  p = await startPair();
  token = await p.token('alice', '--profile', 'a');
  server = await startHttp(['--profile', 'a', 'mcp', '--http', '127.0.0.1:0', '--rate-limit', '30'], p.env);
});

afterAll(async () => {
  expect(await server?.stop()).toBe(130);
  await p?.close();
  removeTempDirs();
});

/** A POST with a Host header of our choosing (fetch does not let one be set), and any other headers and body. */
function hostRequest(
  port: number,
  host: string,
  bearer: string,
  tls = false,
  more: Record<string, string> = {},
  body = JSON.stringify(initialize()),
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const headers = {
      host,
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...more,
    };
    const options = { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers };
    const done = (res: { statusCode?: number; resume(): void }) => {
      res.resume();
      resolve(res.statusCode!);
    };
    // The test's certificate is self-signed: its chain is not what is under test, the Host is.
    const req = tls ? httpsRequest({ ...options, rejectUnauthorized: false }, done) : httpRequest(options, done);
    req.on('error', reject);
    req.end(body);
  });
}

const sent = () => p.a.requests.length + p.b.requests.length;

describe('masg mcp --http: the gate', () => {
  it('prints its URL on stderr once listening, port 0 a free one', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.url).not.toMatch(/:0\//);
  });

  it('answers a request without a token 401 with the RFC 9728 challenge, and serves the document it names', async () => {
    const before = sent();
    const res = await rpc(server.url, {});
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    const metadata = /resource_metadata="([^"]+)"/.exec(challenge)![1];
    expect(metadata).toBe(server.url.replace(/\/mcp$/, '/.well-known/oauth-protected-resource/mcp'));
    const doc = await fetch(metadata);
    expect(doc.status).toBe(200);
    expect(await doc.json()).toMatchObject({ resource: server.url, bearer_methods_supported: ['header'] });
    expect(sent()).toBe(before);
  });

  it('answers a wrong, an expired and a malformed token 401, sending nothing to any service', async () => {
    const before = sent();
    const expired = (
      await createToken(p.dir, { name: 'old', accounts: ['a'], readOnly: true, expiresInMs: 60_000 }, new Date(Date.now() - 120_000))
    ).token;
    for (const authorization of [`Bearer ${token}x`, `Bearer ${expired}`, `Basic ${token}`, 'Bearer']) {
      const res = await rpc(server.url, { authorization });
      expect(res.status, authorization.slice(0, 12)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('resource_metadata=');
    }
    expect(sent()).toBe(before);
  });

  it('passes the right token', async () => {
    const res = await rpc(server.url, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"serverInfo"');
  });

  it('answers a foreign Origin 403, even with the right token; a loopback Origin passes', async () => {
    const foreign = await rpc(server.url, { authorization: `Bearer ${token}`, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const own = await rpc(server.url, { authorization: `Bearer ${token}`, origin: 'http://localhost:3000' });
    expect(own.status).toBe(200);
  });

  it('answers an unexpected Host 403 (DNS rebinding)', async () => {
    const url = new URL(server.url);
    expect(await hostRequest(Number(url.port), 'evil.example', token)).toBe(403);
    expect(await hostRequest(Number(url.port), `localhost:${url.port}`, token)).toBe(200);
  });

  it('answers a body over the cap 413, and other paths 404', async () => {
    const big = await rpc(server.url, { authorization: `Bearer ${token}` }, JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect((await fetch(server.url.replace(/\/mcp$/, '/other'))).status).toBe(404);
  });

  it('rate-limits each token: 429 with Retry-After once over its rate, other tokens unaffected', async () => {
    const burst = await p.token('burst', '--profile', 'a');
    // The bucket (30) passes, and what it refilled while the burst ran (30 a minute): a busy
    // machine's slow burst earns more, so the count is bounded by the burst's own time.
    const started = performance.now();
    let passed = 0;
    let limited: Response | undefined;
    while (limited === undefined && passed < 60) {
      const answer = await rpc(server.url, { authorization: `Bearer ${burst}` });
      if (answer.status === 429) limited = answer;
      else {
        expect(answer.status).toBe(200);
        passed++;
      }
    }
    const earned = Math.ceil(((performance.now() - started) / 60_000) * 30);
    expect(passed).toBeGreaterThanOrEqual(30);
    expect(passed).toBeLessThanOrEqual(30 + earned);
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await rpc(server.url, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('writes no control character or newline of a client into the log: a method or a header cannot forge a line', async () => {
    const port = Number(new URL(server.url).port);
    const forged = '2026-01-01T00:00:00.000Z bob tools/call:delete_everything 200 1ms';
    const method = `ping\n${forged}\u001b[2J\u001b]8;;http://evil.example\u0007`;
    await hostRequest(port, `127.0.0.1:${port}`, token, false, {}, JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: {} }));
    // A header's bytes 0x80-0xff arrive as Latin-1: 0x9b is CSI, the one-byte ESC [ of 8-bit terminals.
    // The SDK quotes this one in the error it reports, the log's other client-made text.
    const csi = Buffer.from([0x76, 0x9b, 0x33, 0x31, 0x6d, 0x0a]).toString('latin1').trim();
    const status = await hostRequest(
      port,
      `127.0.0.1:${port}`,
      token,
      false,
      { 'mcp-protocol-version': csi },
      JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }),
    );
    expect(status).toBe(400);
    const log = server.stderr();
    // eslint-disable-next-line no-control-regex -- control characters (all but the lines' own \n) are what the log must not hold
    expect(log).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    const lines = log.split('\n').filter((l) => l !== '');
    // The forged line is inert text inside the one real line's method field, its escapes gone.
    expect(lines.filter((l) => l.includes('delete_everything'))).toEqual([
      expect.stringMatching(/^\S+Z alice ping_2026-01-01T00:00:00\.000Z_bob_tools\/call:delete_everything_200_1ms 200 \d+ms$/),
    ]);
    expect(
      lines.every((l) => /^masg mcp: serving /.test(l) || /^\d{4}-\d\d-\d\dT\S+Z (mcp error: |\S+ \S+ \d{3}( \(cut\))? \d+ms$)/.test(l)),
    ).toBe(true);
    // The header's CSI sequence (0x9b 3 1 m: red) is removed whole, as the CLI's sanitizer does on a terminal.
    const quoted = lines.filter((l) => l.includes('MCP-Protocol-Version header names protocol revision'));
    expect(quoted).toHaveLength(1);
    expect(quoted[0]).toMatch(/ mcp error: .* revision v\S*, but /);
    expect(quoted[0]).not.toContain('31m');
  });

  it('logs one line per request: time, token name, method or tool, status, ms; never a token', () => {
    const lines = server.stderr().split('\n');
    expect(lines.some((l) => /^\d{4}-\d\d-\d\dT\S+Z alice initialize 200 \d+ms$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\S+Z - POST 401 \d+ms$/.test(l))).toBe(true);
    expect(server.stderr()).not.toContain(token);
    expect(server.stderr()).not.toMatch(/masg_mcp_[A-Za-z0-9_-]{20}/);
  });
});

describe('masg mcp --http: where it may listen', () => {
  it('refuses plain HTTP beyond loopback (exit 2), without TLS or --behind-proxy', async () => {
    const run = await p.masg(['mcp', '--http', '0.0.0.0:0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--http: 0\.0\.0\.0 is not a loopback address/);
    expect(run.stderr).toMatch(/--tls-cert/);
    const proxied = await p.masg(['mcp', '--http', '0.0.0.0:0', '--behind-proxy']);
    expect(proxied.code).toBe(2);
    expect(proxied.stderr).toMatch(/--public-url/);
    const half = await p.masg(['mcp', '--http', '127.0.0.1:0', '--tls-cert', 'cert.pem']);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/--tls-cert and --tls-key go together/);
    const stdio = await p.masg(['mcp', '--behind-proxy']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toMatch(/--behind-proxy goes with --http/);
    const bad = await p.masg(['mcp', '--http', 'localhost:99999']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--http: "localhost:99999" is not \[HOST:\]PORT/);
  });

  it('refuses TLS beyond loopback without --public-url (exit 2, naming it), before reading a file or listening', async () => {
    const run = await p.masg(['mcp', '--http', '0.0.0.0:0', '--tls-cert', 'missing.pem', '--tls-key', 'missing.pem']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--public-url: needed when --http listens on 0\.0\.0\.0, not a loopback address/);
    expect(run.stderr).toMatch(/Host and Origin are checked against/);
    expect(run.stderr).not.toMatch(/cannot read|serving/);
    const plain = await p.masg(['mcp', '--http', '0.0.0.0:0', '--behind-proxy', '--public-url', 'http://mcp.example.com']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/--public-url: "http:\/\/mcp\.example\.com" is plain HTTP/);
  });

  it('serves TLS on 0.0.0.0 under --public-url: its Host passes, the listen address is no name', async () => {
    const dir = tempDir('masg-mcp-tls-');
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=mcp.example.com'],
      {
        encoding: 'utf8',
      },
    );
    expect(made.status, made.stderr).toBe(0);
    const served = await startHttp(
      ['--profile', 'a', 'mcp', '--http', '0.0.0.0:0', '--tls-cert', cert, '--tls-key', key, '--public-url', 'https://mcp.example.com'],
      p.env,
    );
    try {
      expect(served.url).toBe('https://mcp.example.com/mcp');
      const port = Number(/listening on 0\.0\.0\.0:(\d+)/.exec(served.stderr())![1]);
      expect(await hostRequest(port, 'mcp.example.com', token, true)).toBe(200);
      expect(await hostRequest(port, `0.0.0.0:${port}`, token, true)).toBe(403);
    } finally {
      expect(await served.stop()).toBe(130);
    }
  });

  it('serves beyond loopback behind a stated proxy, checking Host against --public-url', async () => {
    const proxied = await startHttp(
      ['--profile', 'a', 'mcp', '--http', '0.0.0.0:0', '--behind-proxy', '--public-url', 'https://mcp.example.com'],
      p.env,
    );
    try {
      expect(proxied.url).toBe('https://mcp.example.com/mcp');
      const port = Number(/listening on 0\.0\.0\.0:(\d+)/.exec(proxied.stderr())![1]);
      expect(await hostRequest(port, 'mcp.example.com', token)).toBe(200);
      expect(await hostRequest(port, `127.0.0.1:${port}`, token)).toBe(403);
      expect(await hostRequest(port, 'mcp.example.com', 'wrong')).toBe(401);
    } finally {
      expect(await proxied.stop()).toBe(130);
    }
  });
});

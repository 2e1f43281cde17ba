// The transport under hostile answers, driven as a user would: the built binary spawned against
// real servers on 127.0.0.1. What is measured is measured on the server side: when each request
// arrived (so a Retry-After is proven waited for, not just announced) and how many connections
// were open at once (so --concurrency is proven on the wire, not in the pool's bookkeeping).
import { existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { NOW, removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { limit } from '../helpers/time-limits.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

async function masg(args: string[], env: Record<string, string>): Promise<Spawned> {
  const started = performance.now();
  const run = spawnMasg(args, { cwd: ROOT, env: { MASG_CONFIG_DIR: tempDir('masg-cfg-'), ...env } });
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr(), ms: performance.now() - started };
}

/** The service's error body, as production writes it, under any status. */
function serviceError(res: ServerResponse, status: number, retryAfter: string): void {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<masg-error>\n<code>5000</code>\n<description>Too many requests, slow down</description>\n</masg-error>';
  res.writeHead(status, { 'content-type': 'text/xml', 'retry-after': retryAfter, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const ADVERTISERS =
  '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n<advertiser>\n<id>a-1</id>\n<name>Acme</name>\n<status>ACTIVE</status>\n<dailyBudget></dailyBudget>\n<balance>10.00</balance>\n<notifyLimit></notifyLimit>\n</advertiser>\n</masg-response>';

/** Answers `failures` with the given status and Retry-After, then the advertiser list; records arrival times. */
async function startFlaky(
  status: number,
  retryAfter: string,
  failures = 1,
  body: 'service' | 'html' = 'service',
): Promise<{ url: string; arrivals: number[]; close(): Promise<void> }> {
  const arrivals: number[] = [];
  const server: Server = createHttpServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    if (arrivals.length <= failures && body === 'html') {
      res.writeHead(status, { 'content-type': 'text/html', 'retry-after': retryAfter });
      return void res.end(`<html><head><title>${status}</title></head></html>`);
    }
    if (arrivals.length <= failures) return serviceError(res, status, retryAfter);
    res.writeHead(200, { 'content-type': 'text/xml', 'content-length': Buffer.byteLength(ADVERTISERS) });
    res.end(ADVERTISERS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const creds = { MASG_EMAIL: 'ops@example.com', MASG_DEVELOPER_KEY: 'stress-key-0123456789' };

afterAll(removeTempDirs);
beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/cli.js is missing: run `npm run build` first');
});

describe('429 and 503 carrying a masg-error body are "not now": retried after Retry-After', () => {
  it.each([429, 503])('HTTP %i with Retry-After: 1, then success: exit 0, the second request ≥ 1 s after the first', async (status) => {
    const server = await startFlaky(status, '1');
    try {
      const run = await masg(['adv', 'list', '-o', 'csv'], { ...creds, MASG_BASE_URL: server.url });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('id,name,status,dailyBudget,balance,notifyLimit\na-1,Acme,ACTIVE,,10.00,\n');
      expect(server.arrivals).toHaveLength(2);
      expect(server.arrivals[1]! - server.arrivals[0]!).toBeGreaterThanOrEqual(1000);
    } finally {
      await server.close();
    }
  });

  it('every attempt answered 429: the retries run out, exit 6 quoting the service, each wait honoured', async () => {
    const server = await startFlaky(429, '1', Infinity);
    try {
      const run = await masg(['adv', 'list', '--retries', '2'], { ...creds, MASG_BASE_URL: server.url });
      expect(run.code).toBe(6);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/HTTP 429 \(Too Many Requests\).*code 5000, "Too many requests, slow down".*Gave up after 3 attempts\./);
      expect(server.arrivals).toHaveLength(3);
      for (let i = 1; i < 3; i++) expect(server.arrivals[i]! - server.arrivals[i - 1]!).toBeGreaterThanOrEqual(1000);
    } finally {
      await server.close();
    }
  });
});

describe('a Retry-After longer than masg may wait', () => {
  it.each([
    [
      'no --deadline (60 s at most)',
      [],
      /the service asked to wait 99999999999 s \(Retry-After\), longer than masg waits without a --deadline \(60 s\)/,
    ],
    ['a --deadline', ['--deadline', '999999999'], /the service asked to wait 99999999999 s \(Retry-After\), past the --deadline/],
  ] as const)('%s: one request, exit 6 at once with a clear message, no TimeoutOverflowWarning', async (_what, extra, message) => {
    const server = await startFlaky(429, '99999999999', Infinity);
    try {
      const run = await masg(['adv', 'list', ...extra], { ...creds, MASG_BASE_URL: server.url });
      expect(run.code).toBe(6);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toContain('TimeoutOverflowWarning');
      expect(run.stderr).not.toContain('Warning');
      expect(server.arrivals).toHaveLength(1);
      expect(run.ms).toBeLessThan(limit(10_000));
    } finally {
      await server.close();
    }
  });
});

describe('a Retry-After over 2^31 ms that the --deadline allows', () => {
  it('is waited for, not fired after 1 ms: one request in 1.5 s, no TimeoutOverflowWarning, Ctrl-C ends the wait', async () => {
    // 2,500,000 s (~29 days) > 2^31 ms; the deadline allows it, so masg really waits. An HTML
    // page, so that only the timer is under test (older masg retried those too).
    const server = await startFlaky(503, '2500000', Infinity, 'html');
    try {
      const started = performance.now();
      const run = spawnMasg(['adv', 'list', '--deadline', '99999999'], {
        cwd: ROOT,
        env: { MASG_CONFIG_DIR: tempDir('masg-cfg-'), ...creds, MASG_BASE_URL: server.url },
      });
      while (server.arrivals.length === 0 && performance.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1500));
      expect(server.arrivals).toHaveLength(1);
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(130);
      expect(run.stderr()).not.toContain('TimeoutOverflowWarning');
      expect(server.arrivals).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

/** A TCP relay in front of a server: counts the connections made and the most open at once. */
async function startRelay(target: string): Promise<{ url: string; accepted: number; peak: () => number; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  const stats = { accepted: 0, peak: 0 };
  const server = createTcpServer((client) => {
    stats.accepted++;
    open.add(client);
    stats.peak = Math.max(stats.peak, open.size);
    const upstream = connect(Number(port), hostname);
    client.pipe(upstream).pipe(client);
    const done = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', done).on('error', done);
    upstream.on('close', done).on('error', done);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get accepted() {
      return stats.accepted;
    },
    peak: () => stats.peak,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('--concurrency is reached on the wire', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // Each answer takes 400 ms, so the requests of one batch are all in flight together.
    sandbox = await startSandbox({ port: 0, now: () => NOW, latencyMs: 400 });
  });
  afterAll(() => sandbox.close());

  it.each([16, 4])('a 20-day report with --concurrency %i opens exactly that many connections, all open at once', async (concurrency) => {
    const relay = await startRelay(sandbox.url);
    try {
      const run = await masg(
        [
          'pub',
          'stats',
          '--from',
          '2024-05-01',
          '--to',
          '2024-05-20',
          '--interval',
          'day',
          '--concurrency',
          String(concurrency),
          '-o',
          'csv',
        ],
        { MASG_BASE_URL: relay.url, MASG_EMAIL: sandbox.demo.email, MASG_DEVELOPER_KEY: sandbox.demo.key },
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines.length).toBeGreaterThan(20); // a header and at least one row per day
      expect(relay.peak()).toBe(concurrency);
      expect(relay.accepted).toBe(concurrency);
    } finally {
      await relay.close();
    }
  });
});

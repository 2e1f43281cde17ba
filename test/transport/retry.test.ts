// The retry policy on its own (no network), then the transport's use of it against a loopback
// fixture server: which requests are retried, how many times, after how long.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InterruptedError, NetworkError } from '../../src/core/errors.js';
import { createTransport, type TransportOptions } from '../../src/transport/transport.js';
import {
  DEFAULT_POLICY,
  MAX_TIMER_MS,
  Transient,
  backoffMs,
  isRetryableStatus,
  parseRetryAfter,
  planRetry,
  sleep,
  withRetries,
  type RetryPolicy,
} from '../../src/transport/retry.js';
import type { ApiRequest } from '../../src/transport/types.js';
import { fixture, slam, startFixtureServer, type FixtureServer } from './fixture-server.js';

const policy = (over: Partial<RetryPolicy> = {}): RetryPolicy => ({ ...DEFAULT_POLICY, retries: 3, random: () => 1, ...over });
const transient = (retryAfterMs?: number) => new Transient(new NetworkError('The service answered HTTP 503.'), 'HTTP 503', retryAfterMs);

describe('backoff', () => {
  it('doubles from 250 ms up to the 8 s cap; full jitter scales it by a uniform draw', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n, policy()))).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffMs(3, policy({ random: () => 0.5 }))).toBe(500);
    expect(backoffMs(3, policy({ random: () => 0 }))).toBe(0);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2024-06-15T12:00:00Z');
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 2 ', 2000],
    ['0.25', 250],
    ['Sat, 15 Jun 2024 12:00:30 GMT', 30_000],
    ['Sat, 15 Jun 2024 11:00:00 GMT', 0], // in the past: retry now
    ['99999999', 99_999_999_000],
    ['9'.repeat(400), Number.MAX_SAFE_INTEGER], // Infinity would print as "Infinity s"
    ['soon', undefined],
    ['-5', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%j → %j ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});

describe('what status is worth retrying', () => {
  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [501, false],
    [505, false],
    [400, false],
    [404, false],
    [200, false],
  ])('HTTP %i → %s', (status, expected) => expect(isRetryableStatus(status)).toBe(expected));
});

describe('planRetry', () => {
  it('retries until retries + 1 attempts, then gives up saying how many', () => {
    const p = policy({ retries: 2 });
    expect(planRetry(1, transient(), p)).toEqual({ retry: true, delayMs: 250 });
    expect(planRetry(2, transient(), p)).toEqual({ retry: true, delayMs: 500 });
    expect(planRetry(3, transient(), p)).toEqual({ retry: false, note: 'Gave up after 3 attempts.' });
    expect(planRetry(1, transient(), policy({ retries: 0 }))).toEqual({ retry: false, note: undefined });
  });

  it('Retry-After wins over a shorter backoff; a longer backoff still applies', () => {
    expect(planRetry(1, transient(3000), policy())).toEqual({ retry: true, delayMs: 3000 });
    expect(planRetry(5, transient(10), policy({ retries: 10 }))).toEqual({ retry: true, delayMs: 4000 });
  });

  it('without a deadline, a Retry-After over a minute is not sat through', () => {
    expect(planRetry(1, transient(61_000), policy())).toEqual({
      retry: false,
      note: 'Not retried: the service asked to wait 61 s (Retry-After), longer than masg waits without a --deadline (60 s).',
    });
  });

  it('with a deadline: any wait that ends past it is refused at once, a longer Retry-After allowed within it', () => {
    const p = policy({ now: () => 1000, deadlineAt: 1000 + 90_000 });
    expect(planRetry(1, transient(75_000), p)).toEqual({ retry: true, delayMs: 75_000 });
    expect(planRetry(1, transient(120_000), p)).toEqual({
      retry: false,
      note: 'Not retried: the service asked to wait 120 s (Retry-After), past the --deadline (90 s left).',
    });
    const tight = policy({ now: () => 1000, deadlineAt: 1100 });
    expect(planRetry(2, transient(), tight)).toEqual({
      retry: false,
      note: 'Not retried: the next attempt is due in 500 ms, past the --deadline (100 ms left).',
    });
  });
});

describe('withRetries', () => {
  it('runs again after a Transient, reports each wait, returns the success', async () => {
    const waits: string[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        if (++calls < 3) throw transient();
        return 'ok';
      },
      policy({ random: () => 0 }),
      { onRetry: (i) => waits.push(`${i.next}/${i.of} ${i.delayMs} ${i.reason}`) },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual(['2/4 0 HTTP 503', '3/4 0 HTTP 503']);
  });

  it('other errors pass straight through: one call', async () => {
    let calls = 0;
    const boom = new NetworkError('malformed');
    await expect(
      withRetries(async () => {
        calls++;
        throw boom;
      }, policy()),
    ).rejects.toBe(boom);
    expect(calls).toBe(1);
  });

  it('exhausted: the last error, with the note added to its message', async () => {
    const err = await withRetries(
      async () => {
        throw transient();
      },
      policy({ retries: 1, random: () => 0 }),
    ).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe('The service answered HTTP 503. Gave up after 2 attempts.');
  });

  it('a wait longer than a timer can hold is not cut to 1 ms (no TimeoutOverflowWarning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      let settled = false;
      const wait = sleep(MAX_TIMER_MS + 5_000, controller.signal).finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(settled).toBe(false);
      controller.abort();
      await expect(wait).rejects.toBeInstanceOf(InterruptedError);
      expect(warnings.filter((w) => w.name === 'TimeoutOverflowWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('sleep is cut short by the signal', async () => {
    // Fake timers: the 10 s never pass, so only the abort can end the sleep.
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const sleeping = sleep(10_000, controller.signal);
      controller.abort();
      await expect(sleeping).rejects.toBeInstanceOf(InterruptedError);
      await expect(sleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(InterruptedError);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the transport retries GETs and only GETs', () => {
  const EMAIL = 'ops@example.com';
  const KEY = 'retry-key-123456';
  const LIST: ApiRequest = { method: 'GET', path: '/publication/list' };
  const CREATE: ApiRequest = { method: 'POST', path: '/publication/create', params: { name: 'x' } };
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  const client = (extra: Partial<TransportOptions> = {}) =>
    createTransport({
      baseUrl: `${server.url}/v1`,
      email: EMAIL,
      key: KEY,
      timeoutMs: 5000,
      retries: 3,
      retryPolicy: { random: () => 0 },
      ...extra,
    });

  /** Answers with `replies` in turn (the last one repeats) and counts the requests. */
  function sequence(
    route: string,
    replies: Array<(res: import('node:http').ServerResponse, req: import('node:http').IncomingMessage) => void>,
  ) {
    let n = 0;
    server.on(route, (req, res) => replies[Math.min(n++, replies.length - 1)]!(res, req));
    return () => n;
  }
  const page =
    (status: number, headers: Record<string, string> = {}) =>
    (res: import('node:http').ServerResponse) => {
      res.writeHead(status, { 'content-type': 'text/html', ...headers });
      res.end(`<html><head><title>${status}</title></head></html>`);
    };
  const ok = (res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(fixture('publication-list-one.xml'));
  };

  it('503, 503, then 200: three requests, the success returned', async () => {
    const count = sequence('GET /v1/publication/list.xml', [page(503), page(503), ok]);
    const c = client();
    expect((await c.request(LIST)).status).toBe(200);
    expect(count()).toBe(3);
    await c.close();
  });

  it('Retry-After as an HTTP date is honoured', async () => {
    const at = new Date(Date.now() + 1500).toUTCString(); // whole seconds: at least ~0.5 s ahead
    const count = sequence('GET /v1/publication/list.xml', [page(429, { 'retry-after': at }), ok]);
    const lines: string[] = [];
    const c = client({ debug: (l) => lines.push(l) });
    const started = Date.now();
    await c.request(LIST);
    expect(Date.now() - started).toBeGreaterThanOrEqual(Date.parse(at) - started - 50);
    expect(count()).toBe(2);
    expect(lines.filter((l) => l.startsWith('↻ Retrying in'))).toHaveLength(1);
    await c.close();
  });

  it('a POST is never re-sent: one request, whatever the failure', async () => {
    for (const reply of [
      page(503),
      page(429, { 'retry-after': '0' }),
      page(502),
      (res: import('node:http').ServerResponse, req: import('node:http').IncomingMessage) => slam(req, res),
    ]) {
      const count = sequence('POST /v1/publication/create.xml', [reply, ok]);
      const c = client();
      await expect(c.request(CREATE)).rejects.toBeInstanceOf(NetworkError);
      expect(count()).toBe(1);
      await c.close();
    }
  });

  it('a 4xx service error and a malformed 200 are not retried', async () => {
    const bad = sequence('GET /v1/publication/list.xml', [
      (res) => {
        res.writeHead(400, { 'content-type': 'text/xml' });
        res.end(fixture('error-1500.xml'));
      },
    ]);
    const c = client();
    await expect(c.request(LIST)).rejects.toThrow(/code 1500/);
    expect(bad()).toBe(1);
    const broken = sequence('GET /v1/publication/list.xml', [
      (res) => {
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(fixture('malformed.xml'));
      },
    ]);
    await expect(c.request(LIST)).rejects.toThrow(/malformed/);
    expect(broken()).toBe(1);
    await c.close();
  });

  it('streams: retried before the body is handed over', async () => {
    const big = Buffer.from(`<masg-response>\n${'<adslot>\n<id>1</id>\n</adslot>\n'.repeat(2000)}</masg-response>\n`);
    const count = sequence('GET /v1/adslot/x/statistics.xml', [
      page(502),
      (res) => {
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(big);
      },
    ]);
    const c = client();
    const res = await c.stream({ method: 'GET', path: '/adslot/x/statistics' });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect(count()).toBe(2);
    await c.close();
  });

  it('the deadline covers a streamed body too', async () => {
    server.on('GET /v1/adslot/y/statistics.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.write(`<masg-response>\n${' '.repeat(600)}`); // past the peek, then silence
    });
    const c = client({ deadlineMs: 400, timeoutMs: 5000 });
    const res = await c.stream({ method: 'GET', path: '/adslot/y/statistics' });
    const drain = async () => {
      for await (const _ of res.body) void _;
    };
    await expect(drain()).rejects.toThrow(/--deadline of 0\.4s was reached/);
    await c.close();
  });

  it('--timeout covers a streamed body that stalls after it was handed over', async () => {
    server.on('GET /v1/adslot/z/statistics.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.write(`<masg-response>\n${' '.repeat(600)}`);
    });
    const c = client({ timeoutMs: 300 });
    const res = await c.stream({ method: 'GET', path: '/adslot/z/statistics' });
    const drain = async () => {
      for await (const _ of res.body) void _;
    };
    await expect(drain()).rejects.toThrow(/^Timed out after 0\.3s waiting for 127\.0\.0\.1:\d+\.$/);
    await c.close();
  });

  it('a connect timeout names the limit; a POST that never connected was not sent', async () => {
    const { Agent } = await import('undici');
    const stuck = new Agent({
      connect: (_opts, cb) => cb(Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), null),
    });
    const c = createTransport({
      baseUrl: 'https://api.example.test',
      email: EMAIL,
      key: KEY,
      dispatcher: stuck,
      connectTimeoutMs: 2500,
      retries: 0,
    });
    await expect(c.request(LIST)).rejects.toThrow('Could not connect to api.example.test within 2.5s: the connection attempt timed out.');
    const post = (await c.request(CREATE).catch((e: unknown) => e)) as NetworkError;
    expect(post.message).toMatch(/timed out\. The request was not sent: nothing was created or changed\.$/);
    await stuck.close();
  });

  it('past the deadline nothing more is sent: a create says "not sent"', async () => {
    const count = sequence('POST /v1/publication/create.xml', [ok]);
    const c = client({ deadlineMs: 1 });
    await new Promise((r) => setTimeout(r, 20));
    await expect(c.request(CREATE)).rejects.toThrow(/--deadline of 0\.001s was reached.*The request was not sent/);
    await expect(c.request(LIST)).rejects.toThrow(/--deadline/);
    expect(count()).toBe(0);
    await c.close();
  });

  /** A masg-error body under any status, with a Retry-After. */
  const serviceError =
    (status: number, retryAfter?: string, code = 5000, format: 'xml' | 'json' = 'xml') =>
    (res: import('node:http').ServerResponse) => {
      res.writeHead(status, {
        'content-type': format === 'xml' ? 'text/xml' : 'application/json;charset=ISO-8859-1',
        ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      });
      res.end(
        format === 'xml'
          ? `<?xml version="1.0" encoding="UTF-8"?>\n<masg-error>\n<code>${code}</code>\n<description>Slow down</description>\n</masg-error>`
          : `{"masg-error":{"code":${code},"description":"Slow down"}}`,
      );
    };

  /** Like sequence(), and records when each request arrived (server side). */
  function timedSequence(route: string, replies: Array<(res: import('node:http').ServerResponse) => void>) {
    const at: number[] = [];
    server.on(route, (_req, res) => {
      at.push(performance.now());
      replies[Math.min(at.length - 1, replies.length - 1)]!(res);
    });
    return at;
  }

  it.each([
    ['429, XML', 429, 'xml', 5000],
    ['503, JSON', 503, 'json', 5000],
    ['429 with a credentials code: the status still says "not now"', 429, 'xml', 1003],
  ] as const)('%s masg-error body: a GET is retried after the Retry-After', async (_what, status, format, code) => {
    const path = format === 'xml' ? 'GET /v1/publication/list.xml' : 'GET /v1/publication/list.json';
    const at = timedSequence(path, [
      serviceError(status, '0.4', code, format),
      (res) => {
        res.writeHead(200, { 'content-type': format === 'xml' ? 'text/xml' : 'application/json;charset=ISO-8859-1' });
        res.end(format === 'xml' ? fixture('publication-list-one.xml') : '{"masg-response":[]}');
      },
    ]);
    const c = client();
    expect((await c.request({ ...LIST, format })).status).toBe(200);
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(395);
    await c.close();
  });

  it('429/503 masg-error bodies until the retries run out: exit 6 naming the status and quoting the service', async () => {
    timedSequence('GET /v1/publication/list.xml', [serviceError(503, '0')]);
    const c = client({ retries: 2 });
    const err = (await c.request(LIST).catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.exitCode).toBe(6);
    expect(err.status).toBe(503);
    expect(err.message).toMatch(/answered HTTP 503 \(Service Unavailable\).*code 5000, "Slow down".*Gave up after 3 attempts\.$/);
    await c.close();
  });

  it('a create under a 429 or 503 masg-error body is never re-sent: 429 refused, 503 unknown', async () => {
    const rate = timedSequence('POST /v1/publication/create.xml', [serviceError(429, '0'), ok]);
    const c = client();
    const refused = (await c.request(CREATE).catch((e: unknown) => e)) as NetworkError;
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused.message).toMatch(/HTTP 429 .*The request was refused, not applied\.$/);
    expect(rate).toHaveLength(1);
    const busy = timedSequence('POST /v1/publication/create.xml', [serviceError(503, '0'), ok]);
    const unknown = (await c.request(CREATE).catch((e: unknown) => e)) as NetworkError;
    expect(unknown.message).toMatch(/HTTP 503 .*Whether the publication was created is UNKNOWN/);
    expect(busy).toHaveLength(1);
    await c.close();
  });

  it('a Retry-After past the deadline: one request, given up at once, saying how long the service asked for', async () => {
    const at = timedSequence('GET /v1/publication/list.xml', [serviceError(429, '99999999')]);
    const c = client({ deadlineMs: 5_000 });
    await expect(c.request(LIST)).rejects.toThrow(/the service asked to wait 99999999 s \(Retry-After\), past the --deadline/);
    expect(at).toHaveLength(1);
    await c.close();
  });

  it('a Retry-After over 2^31 ms within a longer deadline is really waited for, not fired at once', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const at = timedSequence('GET /v1/publication/list.xml', [serviceError(429, String(Math.ceil(MAX_TIMER_MS / 1000) + 10)), ok]);
    const controller = new AbortController();
    const c = client({ deadlineMs: 10 * MAX_TIMER_MS, signal: controller.signal });
    try {
      const pending = c.request(LIST).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 400));
      expect(at).toHaveLength(1);
      controller.abort();
      expect(await pending).toBeInstanceOf(InterruptedError);
      expect(warnings.filter((w) => w.name === 'TimeoutOverflowWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await c.close();
    }
  });

  it('the retry line is redacted', async () => {
    sequence('GET /v1/publication/list.xml', [page(503), ok]);
    const notices: string[] = [];
    const c = createTransport({
      baseUrl: `${server.url}/${KEY}`,
      email: EMAIL,
      key: KEY,
      retries: 1,
      retryPolicy: { random: () => 0 },
      notice: (l) => notices.push(l),
    });
    await c.request({ method: 'GET', path: '/publication/list' }).catch(() => undefined);
    await c.close();
    for (const line of notices) expect(line).not.toContain(KEY);
  });
});

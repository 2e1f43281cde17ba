import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { ApiError, AuthError, ConfigError, ExitCode, InterruptedError, NetworkError } from '../../src/core/errors.js';
import { createTransport, type TransportOptions } from '../../src/transport/transport.js';
import { MalformedBody } from '../../src/transport/interpret.js';
import type { ApiRequest, ApiResponse } from '../../src/transport/types.js';
import { LATIN1_JSON, cutMidBody, fixture, hang, slam, startFixtureServer, type FixtureServer } from './fixture-server.js';

const EMAIL = 'ops@example.com';
const KEY = 'k3y:with/odd+chars=';
const TOKEN = Buffer.from(`${EMAIL}:${KEY}`).toString('base64');
const LIST: ApiRequest = { method: 'GET', path: '/publication/list' };

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

function client(extra: Partial<TransportOptions> = {}) {
  return createTransport({ baseUrl: `${server.url}/v1`, email: EMAIL, key: KEY, userAgent: 'masg/1.2.3', timeoutMs: 5000, ...extra });
}

/** Routes `path` (under /v1) to a reply and returns the error the client throws for it. */
async function errorFor(route: string, reply: Parameters<FixtureServer['on']>[1], req: ApiRequest = LIST): Promise<Error> {
  server.on(route, reply);
  const c = client();
  try {
    await c.request(req);
  } catch (err) {
    return err as Error;
  } finally {
    await c.close();
  }
  throw new Error('expected the request to fail');
}

function expectNoSecrets(text: string) {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(encodeURIComponent(KEY));
}

describe('requests on the wire', () => {
  it('GET: prefix kept, params in the query, auth, user agent, accept', async () => {
    server.on('GET /v1/publication/list.xml', { file: 'publication-list.xml' });
    const before = server.requests.length;
    for (const base of [`${server.url}/v1`, `${server.url}/v1/`, `${server.url}/v1//`]) {
      const c = client({ baseUrl: base });
      const res = await c.request({ ...LIST, params: { status: 'ACTIVE', other: undefined } });
      expect(res.status).toBe(200);
      expect(res.body).toBe(fixture('publication-list.xml').toString('utf8'));
      await c.close();
    }
    const seen = server.requests.slice(before);
    expect(seen).toHaveLength(3);
    for (const r of seen) {
      expect(r.method).toBe('GET');
      expect(r.path).toBe('/v1/publication/list.xml');
      expect([...r.query]).toEqual([['status', 'ACTIVE']]);
      expect(r.headers.authorization).toBe(`Basic ${TOKEN}`);
      expect(r.headers['user-agent']).toBe('masg/1.2.3');
      expect(r.headers.accept).toMatch(/^text\/xml/);
      expect(r.body).toBe('');
    }
  });

  it('POST: form body in UTF-8, undefined skipped, nothing in the query', async () => {
    server.on('POST /v1/publication/create.xml', { file: 'publication-create.xml' });
    const c = client();
    const name = 'Café 😀 & "co" = 100% +1';
    await c.request({ method: 'POST', path: '/publication/create', params: { name, type: 'IPHONE_APP', url: undefined } });
    await c.close();
    const r = server.requests.at(-1)!;
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/publication/create.xml');
    expect(r.query.toString()).toBe('');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    const form = new URLSearchParams(r.body);
    expect([...form]).toEqual([
      ['name', name],
      ['type', 'IPHONE_APP'],
    ]);
  });

  it('json format: .json suffix and Accept', async () => {
    server.on('GET /v1/publication/list.json', { type: LATIN1_JSON, file: 'publication-list.json' });
    const c = client();
    await c.request({ ...LIST, format: 'json' });
    await c.close();
    const r = server.requests.at(-1)!;
    expect(r.path).toBe('/v1/publication/list.json');
    expect(r.headers.accept).toMatch(/^application\/json/);
  });

  it('a base URL at the root works too', async () => {
    server.on('GET /advertisers/list.xml', { file: 'advertisers-list.xml' });
    const c = client({ baseUrl: server.url });
    await c.request({ method: 'GET', path: '/advertisers/list' });
    await c.close();
    expect(server.requests.at(-1)!.path).toBe('/advertisers/list.xml');
  });

  it('refuses Basic credentials over plain http:// except to loopback', () => {
    expect(() => createTransport({ baseUrl: 'http://api.example.com/v1', email: EMAIL, key: KEY })).toThrow(ConfigError);
    expect(() => createTransport({ baseUrl: 'ftp://api.example.com/', email: EMAIL, key: KEY })).toThrow(ConfigError);
    expect(() => createTransport({ baseUrl: 'not a url', email: EMAIL, key: KEY })).toThrow(ConfigError);
    for (const ok of ['http://localhost:1', 'http://127.0.0.2:1', 'http://[::1]:1', 'https://api.example.com/v1']) {
      expect(() => createTransport({ baseUrl: ok, email: EMAIL, key: KEY })).not.toThrow();
    }
  });
});

describe('response bodies', () => {
  it('decodes ISO-8859-1 JSON by the declared charset and leaves the text as sent', async () => {
    server.on('GET /v1/publication/list.json', { type: LATIN1_JSON, file: 'publication-list.json' });
    const c = client();
    const res = await c.request({ ...LIST, format: 'json' });
    await c.close();
    expect(res.contentType).toBe(LATIN1_JSON);
    expect(res.body).toContain('"name":"Café ? & Co <beta>"');
    expect(res.body).toContain('http:\\/\\/example.com\\/café');
  });

  it('decodes UTF-8 when no charset is declared', async () => {
    server.on('GET /v1/advertisers/list.json', {
      type: 'application/json',
      body: Buffer.from('{"masg-response":[{"name":"Café 😀"}]}', 'utf8'),
    });
    const c = client();
    const res = await c.request({ method: 'GET', path: '/advertisers/list', format: 'json' });
    await c.close();
    expect(res.body).toContain('Café 😀');
  });

  it('accepts a bare <campaign> root', async () => {
    server.on('GET /v1/campaign/abc.xml', { file: 'campaign-view-bare.xml' });
    const c = client();
    const res = await c.request({ method: 'GET', path: '/campaign/abc' });
    await c.close();
    expect(res.body).toMatch(/^<\?xml[^\n]*\n<campaign>/);
  });
});

describe('masg-error bodies become typed errors by code, whatever the status', () => {
  const cases: Array<[string, number, string, typeof ApiError, number]> = [
    ['error-1003.xml', 400, 'text/xml', AuthError, 1003],
    ['error-1000.xml', 400, 'text/xml', AuthError, 1000],
    ['error-1500.xml', 400, 'text/xml', ApiError, 1500],
    ['campaign-not-found.xml', 404, 'text/xml', ApiError, 2000],
    ['error-1003.json', 400, LATIN1_JSON, AuthError, 1003],
    ['error-1500.xml', 200, 'text/xml', ApiError, 1500],
  ];
  it.each(cases)('%s with HTTP %i', async (file, status, type, cls, code) => {
    const err = await errorFor('GET /v1/publication/list.xml', { status, type, file });
    expect(err).toBeInstanceOf(cls);
    if (cls === ApiError) expect(err).not.toBeInstanceOf(AuthError);
    const api = err as ApiError;
    expect(api.code).toBe(code);
    expect(api.status).toBe(status);
    expect(api.exitCode).toBe(cls === AuthError ? ExitCode.AUTH : ExitCode.API);
    expect(api.description).toBe(
      /<description>(.*)<\/description>|"description":"(.*)"/.exec(fixture(file).toString())!.slice(1).find(Boolean),
    );
  });
});

describe('429 and 503 mean "not now" whatever the body says', () => {
  it.each([
    ['error-1500.xml', 429, 'text/xml', 1500],
    ['error-1003.xml', 503, 'text/xml', 1003],
    ['error-1003.json', 429, LATIN1_JSON, 1003],
  ] as const)(
    '%s under HTTP %i: a NetworkError (exit 6) naming the status and quoting the service, not a refusal',
    async (file, status, type, code) => {
      const err = (await errorFor('GET /v1/publication/list.xml', { status, type, file })) as NetworkError;
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).not.toBeInstanceOf(ApiError);
      expect(err.exitCode).toBe(ExitCode.NETWORK);
      expect(err.status).toBe(status);
      expect(err.message).toContain(`answered HTTP ${status} (${status === 429 ? 'Too Many Requests' : 'Service Unavailable'})`);
      expect(err.message).toContain(`code ${code}`);
    },
  );

  it('other statuses keep deciding by code: a masg-error under 400, 404 or 502 is the service speaking', async () => {
    for (const status of [400, 404, 502]) {
      const err = await errorFor('GET /v1/publication/list.xml', { status, type: 'text/xml', file: 'error-1500.xml' });
      expect(err).toBeInstanceOf(ApiError);
    }
  });
});

describe('bodies that are not service responses', () => {
  const cases: Array<[string, { status: number; type?: string; file?: string; body?: string }, RegExp]> = [
    [
      'proxy HTML 502',
      { status: 502, type: 'text/html', file: 'proxy-502.html' },
      /answered HTTP 502 with an HTML page \("502 Bad Gateway"\), not a service response/,
    ],
    ['empty 503', { status: 503, type: 'text/plain', body: '' }, /answered HTTP 503 with an empty body/],
    ['empty 200', { status: 200, body: '' }, /answered HTTP 200 with an empty body/],
    ['malformed XML', { status: 200, file: 'malformed.xml' }, /HTTP 200 with a malformed or truncated XML body/],
    ['truncated XML', { status: 200, file: 'truncated.xml' }, /HTTP 200 with a malformed or truncated XML body/],
    [
      'truncated JSON',
      { status: 200, type: LATIN1_JSON, body: '{"masg-response":[{"id":"1","na' },
      /HTTP 200 with a malformed or truncated JSON body/,
    ],
    // Production's crash while rendering: a server failure (exit 6, retried for GETs), not a refusal.
    [
      'masg-error 500 crash body',
      { status: 500, file: 'error-500.xml' },
      /answered HTTP 500: the service failed while handling the request \(masg-error 500, "Internal Server Error"\)/,
    ],
    [
      'plain text',
      { status: 500, type: 'text/plain', body: 'Internal error' },
      /HTTP 500 with text \(text\/plain\), not a service response: Internal error/,
    ],
    ['other XML', { status: 200, body: '<?xml version="1.0"?>\n<rss/>' }, /HTTP 200 with XML with root "rss"/],
    ['masg-response on 503', { status: 503, file: 'publication-list-empty.xml' }, /HTTP 503 with a response body but no error description/],
    [
      'masg-error without a code',
      { status: 400, body: '<masg-error>\n<description>x</description>\n</masg-error>' },
      /without a numeric code/,
    ],
  ];
  it.each(cases)('%s → NetworkError naming the status', async (_name, reply, message) => {
    const err = await errorFor('GET /v1/publication/list.xml', reply);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(message);
    expect(err.message).toContain(new URL(server.url).host);
    expect((err as NetworkError).status).toBe(reply.status);
    expect((err as NetworkError).exitCode).toBe(ExitCode.NETWORK);
  });

  it('an HTML 404 means a wrong path or base URL, and says so', async () => {
    // The fixture server answers every unrouted path with the container's 404 page.
    const c = client();
    const err = (await c.request({ method: 'GET', path: '/nothing/list' }).catch((e: unknown) => e)) as NetworkError;
    await c.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.status).toBe(404);
    expect(err.message).toContain('HTTP 404 with an HTML page ("Error 404 Not Found"): there is no service at /v1/nothing/list.xml');
    expect(err.hint).toContain('--base-url');
  });
});

describe('network failures', () => {
  it('times out with a clear message naming the host', async () => {
    server.on('GET /v1/publication/list.xml', hang);
    const whole = client({ timeoutMs: 1000 });
    const err = (await whole.request(LIST).catch((e: unknown) => e)) as NetworkError;
    await whole.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(`Timed out after 1s waiting for ${new URL(server.url).host}.`);
    const c = client({ timeoutMs: 150 });
    // The server never answers: the message is the proof the timeout fired.
    await expect(c.request(LIST)).rejects.toThrow(`Timed out after 0.15s waiting for ${new URL(server.url).host}.`);
    await c.close();
  }, 20_000);

  it('the deadline covers the body too: headers sent, then silence', async () => {
    server.on('GET /v1/publication/list.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': 1000 });
      res.write('<masg-response>\n');
    });
    const c = client({ timeoutMs: 200 });
    await expect(c.request(LIST)).rejects.toThrow(/^Timed out after 0.2s waiting for 127\.0\.0\.1:\d+\.$/);
    await c.close();
  });

  it('connection refused', async () => {
    const gone = await startFixtureServer();
    await gone.close();
    const c = createTransport({ baseUrl: gone.url, email: EMAIL, key: KEY });
    const err = (await c.request(LIST).catch((e: unknown) => e)) as NetworkError;
    await c.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(`Could not connect to ${new URL(gone.url).host}: the connection was refused.`);
    expect(err.cause).toBeDefined();
  });

  it('unknown host', async () => {
    const failing = new Agent({
      connect: (_opts, cb) => cb(Object.assign(new Error('getaddrinfo ENOTFOUND api.nowhere.test'), { code: 'ENOTFOUND' }), null),
    });
    const c = createTransport({ baseUrl: 'https://api.nowhere.test/v1', email: EMAIL, key: KEY, dispatcher: failing });
    const err = (await c.request(LIST).catch((e: unknown) => e)) as NetworkError;
    await failing.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe('Could not find the host api.nowhere.test (DNS lookup failed).');
    expect(err.hint).toContain('--base-url');
  });

  it('connection closed before any answer', async () => {
    const err = await errorFor('GET /v1/publication/list.xml', slam);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/^The connection to 127\.0\.0\.1:\d+ was closed before the service answered/);
  });

  it('socket closed mid-body', async () => {
    const err = await errorFor('GET /v1/publication/list.xml', cutMidBody(fixture('publication-list.xml')));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/^The connection to 127\.0\.0\.1:\d+ was closed before the whole response arrived/);
  });

  it('an aborted signal is an interruption, not a network error', async () => {
    server.on('GET /v1/publication/list.xml', hang);
    const controller = new AbortController();
    const c = client({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(c.request(LIST)).rejects.toBeInstanceOf(InterruptedError);
    await c.close();
  });
});

describe('debug, dry run and redaction', () => {
  it('debug: one line per request and per response, body when small, nothing secret', async () => {
    server.on('POST /v1/publication/create.xml', { file: 'publication-create.xml' });
    const lines: string[] = [];
    const c = client({ debug: (l) => lines.push(l) });
    await c.request({ method: 'POST', path: '/publication/create', params: { name: 'x y', type: 'IPHONE_APP' } });
    await c.close();
    expect(lines[0]).toBe(`→ POST ${server.url}/v1/publication/create.xml body: name=x+y&type=IPHONE_APP`);
    expect(lines[1]).toMatch(/^← 200 text\/xml \d+ ms \d+ bytes$/);
    expect(lines[2]).toContain('  <name>Caf&#233; &#55357;&#56832;</name>');
    expect(lines).toHaveLength(3);
    for (const l of lines) expectNoSecrets(l);
  });

  it('debug escapes control characters from the body', async () => {
    server.on('GET /v1/publication/list.xml', { file: 'publication-list.xml' });
    const lines: string[] = [];
    const c = client({ debug: (l) => lines.push(l) });
    await c.request(LIST);
    await c.close();
    expect(lines.join('\n')).toContain('with a bell \\u0007</description>');
    expect(lines.join('\n')).not.toContain('\u0007');
  });

  it('describe(): the request as it would go, redacted, nothing sent', async () => {
    const before = server.requests.length;
    const c = client();
    const described = await c.describe({ method: 'POST', path: '/publication/abc', params: { status: 'PAUSED' } });
    await c.close();
    expect(server.requests.length).toBe(before);
    expect(described.text.split('\n')).toEqual([
      `POST ${server.url}/v1/publication/abc.xml`,
      'Accept: text/xml, application/xml;q=0.9, */*;q=0.1',
      'Authorization: [REDACTED]',
      'Content-Type: application/x-www-form-urlencoded; charset=UTF-8',
      'User-Agent: masg/1.2.3',
      '',
      'status=PAUSED',
    ]);
    expect(described).toMatchObject({ method: 'POST', url: `${server.url}/v1/publication/abc.xml`, body: 'status=PAUSED' });
    expect(described.headers.Authorization).toBe('[REDACTED]');
    expect(JSON.stringify(described)).not.toContain(TOKEN);
  });

  it('secrets echoed by a server never reach debug lines or error messages', async () => {
    // A hostile or buggy server that echoes the credentials back in every place we print.
    const echo =
      (status: number, body: (auth: string) => string, type = 'text/xml') =>
      (req: { headers: Record<string, unknown> }, res: import('node:http').ServerResponse) => {
        const auth = String(req.headers.authorization);
        const text = body(auth);
        res.writeHead(status, { 'content-type': type });
        res.end(text);
      };
    const bodies: Array<[number, (auth: string) => string, string?]> = [
      [400, (a) => `<masg-error>\n<code>1003</code>\n<description>bad ${a} ${KEY} ${a.slice(6)}</description>\n</masg-error>`],
      [502, (a) => `<html><head><title>${a} ${KEY}</title></head></html>`, 'text/html'],
      [500, (a) => `oops ${a} ${KEY}`, 'text/plain'],
      [200, (a) => `<masg-response>\n<publication>\n<name>${a} ${encodeURIComponent(KEY)}</name>\n</masg-response>`],
    ];
    for (const [status, body, type] of bodies) {
      server.on('GET /v1/publication/list.xml', echo(status, body, type) as never);
      const lines: string[] = [];
      const c = client({ debug: (l) => lines.push(l) });
      const err = (await c.request(LIST).catch((e: unknown) => e)) as Error & { hint?: string; description?: string };
      await c.close();
      expect(err).toBeInstanceOf(Error);
      expect(lines.join('\n')).toContain('[REDACTED]');
      for (const text of [...lines, err.message, err.hint ?? '', err.description ?? '']) expectNoSecrets(text);
    }
  });
});

describe('stream()', () => {
  async function drain(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(Buffer.from(c));
    return Buffer.concat(chunks);
  }

  it('hands back the exact bytes of a large success body', async () => {
    const big = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n${'<publication>\n<id>1</id>\n</publication>\n'.repeat(5000)}</masg-response>\n`,
    );
    server.on('GET /v1/publication/statistics.xml', { body: big });
    const c = client();
    const res = await c.stream({ method: 'GET', path: '/publication/statistics', params: { start: '2012010100', end: '2012010123' } });
    expect(res.status).toBe(200);
    expect((await drain(res.body)).equals(big)).toBe(true);
    expect(server.requests.at(-1)!.query.get('start')).toBe('2012010100');
    await c.close();
  });

  it('small bodies are checked whole', async () => {
    server.on('GET /v1/publication/statistics.xml', { file: 'publication-list-empty.xml' });
    const c = client();
    const res = await c.stream({ method: 'GET', path: '/publication/statistics' });
    expect((await drain(res.body)).toString()).toBe(fixture('publication-list-empty.xml').toString());
    await c.close();
  });

  it('errors as for request()', async () => {
    const c = client();
    const req: ApiRequest = { method: 'GET', path: '/adslot/x/statistics' };
    server.on('GET /v1/adslot/x/statistics.xml', { status: 400, file: 'error-1003.xml' });
    await expect(c.stream(req)).rejects.toBeInstanceOf(AuthError);
    server.on('GET /v1/adslot/x/statistics.xml', { status: 502, type: 'text/html', file: 'proxy-502.html' });
    await expect(c.stream(req)).rejects.toThrow(/HTTP 502 with an HTML page/);
    server.on('GET /v1/adslot/x/statistics.xml', { status: 200, file: 'truncated.xml' });
    await expect(c.stream(req)).rejects.toThrow(/malformed or truncated XML/);
    await c.close();
  });

  it('readWhole reads a body that arrived whole, once, instead of the generic check; its result is handed over', async () => {
    server.on('GET /v1/publication/list.xml', { file: 'publication-list.xml' });
    const c = client();
    const seen: ApiResponse[] = [];
    const readWhole = (res: ApiResponse) => (seen.push(res), `read ${res.bytes?.byteLength} bytes`);
    const res = await c.stream(LIST, { readAhead: 1 << 20, readWhole });
    expect(res.read).toBe(`read ${fixture('publication-list.xml').byteLength} bytes`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe(fixture('publication-list.xml').toString('utf8'));
    // Past the read-ahead the body streams: nothing is read before it is handed over.
    const streamed = await c.stream(LIST, { readAhead: 600, readWhole });
    expect(streamed.read).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect((await drain(streamed.body)).equals(fixture('publication-list.xml'))).toBe(true);
    await c.close();
  });

  it('readWhole is not given error bodies or HTML pages: they fail as for request()', async () => {
    const c = client();
    let calls = 0;
    const readWhole = () => ++calls;
    server.on('GET /v1/publication/list.xml', { status: 400, file: 'error-1003.xml' });
    await expect(c.stream(LIST, { readAhead: 1 << 20, readWhole })).rejects.toBeInstanceOf(AuthError);
    server.on('GET /v1/publication/list.xml', { status: 502, type: 'text/html', file: 'proxy-502.html' });
    await expect(c.stream(LIST, { readAhead: 1 << 20, readWhole })).rejects.toThrow(/HTTP 502 with an HTML page/);
    expect(calls).toBe(0);
    await c.close();
  });

  it('a MalformedBody from readWhole is a malformed body: exit 6, not retried, as for request()', async () => {
    server.on('GET /v1/publication/list.xml', { file: 'publication-list.xml' });
    const c = client();
    const before = server.requests.length;
    const malformed = () => {
      throw new MalformedBody('unclosed tag: publication');
    };
    const err = await c.stream(LIST, { readAhead: 1 << 20, readWhole: malformed }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).exitCode).toBe(ExitCode.NETWORK);
    expect((err as Error).message).toMatch(/answered HTTP 200 with a malformed or truncated XML body: unclosed tag: publication$/);
    expect(server.requests.length - before).toBe(1);
    await c.close();
  });

  it('a connection cut mid-stream fails the iteration with a NetworkError', async () => {
    const big = Buffer.from(`<masg-response>\n${'<adslot>\n<id>1</id>\n</adslot>\n'.repeat(20000)}</masg-response>\n`);
    server.on('GET /v1/adslot/x/statistics.xml', cutMidBody(big));
    const c = client();
    const res = await c.stream({ method: 'GET', path: '/adslot/x/statistics' });
    await expect(drain(res.body)).rejects.toThrow(/closed before the whole response arrived/);
    await c.close();
  });
});

describe('close()', () => {
  it('leaves an injected dispatcher open', async () => {
    server.on('GET /v1/publication/list.xml', { file: 'publication-list-one.xml' });
    const agent = new Agent();
    const c = client({ dispatcher: agent });
    await c.request(LIST);
    await c.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });
});

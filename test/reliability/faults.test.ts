// A bad night for a cron job, fault by fault, through the CLI against the sandbox over real HTTP:
// the exit code, what the user is told, and what reached the service (sandbox.requests). GETs
// get through what can be retried; a create is sent exactly once, whatever happens to it.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../transport/fixture-server.js';
import { demo, startHarness, type Harness } from '../commands/harness.js';

let h: Harness;
let pubId: string;
beforeAll(async () => {
  h = await startHarness();
  pubId = Object.values((await demo(h)).pubs).find((p) => p.status === 'ACTIVE')!.id!;
});
afterAll(() => h.close());
beforeEach(() => h.mark());
afterEach(() => h.sandbox.setFaults(undefined));

const faults = () => h.sent().map((r) => r.fault ?? 'none');
const posts = () => h.sent().filter((r) => r.method === 'POST');
/** No stack trace without --debug: one message and a hint. */
const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at /);

async function slotNames(): Promise<string[]> {
  const run = await h.masg(['slot', 'list', '--publication', pubId, '-o', 'json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as Array<{ name: string }>).map((s) => s.name);
}

describe('GETs are retried through transient faults', () => {
  it.each(['503', '502', '500', 'drop', 'reset', 'truncate'] as const)('%s, then success: exit 0, two requests', async (fault) => {
    h.sandbox.setFaults({ next: [fault] });
    const run = await h.masg(['adv', 'list', '-o', 'csv']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(''); // not a terminal: cron's log stays quiet about a retry that worked
    expect(run.stdout).toMatch(/^id,/);
    expect(faults()).toEqual([fault, 'none']);
    expect(h.sent().every((r) => r.method === 'GET' && r.path === '/advertisers/list.xml')).toBe(true);
  });

  it('429 with Retry-After: waits at least that long before the second attempt', async () => {
    h.sandbox.setFaults({ next: ['429'], retryAfter: 1 });
    const started = performance.now();
    const run = await h.masg(['adv', 'list', '-o', 'csv', '--debug']);
    const elapsed = performance.now() - started;
    expect(run.code).toBe(0);
    expect(faults()).toEqual(['429', 'none']);
    expect(elapsed).toBeGreaterThanOrEqual(980);
    expect(run.stderr).toMatch(/↻ Retrying in 1 s after HTTP 429 from 127\.0\.0\.1:\d+ \(attempt 2 of 4\)\./);
  });

  it('a person at a terminal is told why masg waits (stderr, never stdout)', async () => {
    h.sandbox.setFaults({ next: ['503'] });
    const run = await h.masg(['adv', 'list', '-o', 'csv'], { tty: true, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^masg: Retrying in \d+ ms after HTTP 503 from 127\.0\.0\.1:\d+ \(attempt 2 of 4\)\.$/m);
    expect(run.stdout).not.toMatch(/Retrying/);
    h.mark();
    h.sandbox.setFaults({ next: ['503'] });
    const quiet = await h.masg(['adv', 'list', '-o', 'csv', '--quiet'], { tty: true });
    expect(quiet.stderr).toBe('');
  });

  it('retries exhausted: exit 6 naming the status, attempts = retries + 1', async () => {
    h.sandbox.setFaults({ next: Array(10).fill('503') });
    const run = await h.masg(['adv', 'list', '-o', 'csv', '--retries', '2']);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /answered HTTP 503 with an HTML page \("Error 503 Service Unavailable"\), not a service response\. Gave up after 3 attempts\./,
    );
    noStack(run.stderr);
    expect(faults()).toEqual(['503', '503', '503']);
  });

  it('--retries 0: one attempt', async () => {
    h.sandbox.setFaults({ next: ['502'] });
    const run = await h.masg(['adv', 'list', '--retries', '0']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/HTTP 502 with an HTML page \("502 Bad Gateway"\)/);
    expect(run.stderr).not.toMatch(/Gave up/);
    expect(faults()).toEqual(['502']);
  });

  it('--retries is checked before sending', async () => {
    for (const bad of ['-1', 'x', '11', '1.5']) {
      const run = await h.masg(['adv', 'list', '--retries', bad]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--retries');
    }
    expect(h.sent()).toEqual([]);
  });
});

describe('faults that end in exit 6, with the status named and no stack trace', () => {
  it.each([
    [
      'production 500 crash body',
      '500',
      /answered HTTP 500: the service failed while handling the request \(masg-error 500, "Internal Server Error"\)/,
    ],
    ['HTML 502 from a proxy', '502', /answered HTTP 502 with an HTML page \("502 Bad Gateway"\), not a service response/],
    ['HTML 503', '503', /answered HTTP 503 with an HTML page/],
    ['429', '429', /answered HTTP 429 \(Too Many Requests\): the service is limiting the request rate/],
    ['truncated body', 'truncate', /closed before the whole response arrived/],
    ['connection dropped', 'drop', /closed before the service answered/],
    ['connection reset', 'reset', /closed before the service answered|ECONNRESET/],
  ] as const)('%s (GET, retries exhausted)', async (_what, fault, message) => {
    h.sandbox.setFaults({ next: Array(5).fill(fault), retryAfter: 0 });
    const run = await h.masg(['pub', 'list', '-o', 'csv', '--retries', '1']);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/Gave up after 2 attempts/);
    noStack(run.stderr);
    expect(faults()).toEqual([fault, fault]);
  });

  it('a malformed body is not retried: a complete answer that does not parse will not improve', async () => {
    h.sandbox.setFaults({ next: ['malformed'] });
    const run = await h.masg(['pub', 'list', '-o', 'csv']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/answered HTTP 200 with a malformed or truncated XML body/);
    noStack(run.stderr);
    expect(faults()).toEqual(['malformed']);
  });

  it('--debug shows each attempt, redacted', async () => {
    h.sandbox.setFaults({ next: ['503', '503'] });
    const run = await h.masg(['adv', 'list', '-o', 'csv', '--retries', '1', '--debug']);
    expect(run.code).toBe(6);
    expect(run.stderr.match(/^→ GET /gm)).toHaveLength(2);
    expect(run.stderr.match(/^← 503 /gm)).toHaveLength(2);
    expect(run.stderr).toMatch(/↻ Retrying in \d+ ms after HTTP 503/);
    expect(run.stderr).not.toContain(h.sandbox.demo.key);
  });
});

// Each limit is proven by what happened, not by a stopwatch: the slow answer would have been a
// success (exit 0), the message names the limit that fired, and the requests are counted.
describe('timeouts and the deadline', () => {
  it('no answer within --timeout: retried, then exit 6 naming the host and the limit', async () => {
    h.sandbox.setFaults({ latencyMs: 1500 });
    const run = await h.masg(['adv', 'list', '--timeout', '0.3', '--retries', '1']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Timed out after 0\.3s waiting for 127\.0\.0\.1:\d+\. Gave up after 2 attempts\./);
    expect(run.stderr).toMatch(/raise --timeout/);
    expect(h.sent()).toHaveLength(2);
  });

  it('--deadline cuts a slow request short and says which limit fired', async () => {
    h.sandbox.setFaults({ latencyMs: 5000 });
    const run = await h.masg(['adv', 'list', '--deadline', '0.5']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Gave up: the --deadline of 0\.5s was reached while waiting for 127\.0\.0\.1:\d+\./);
    expect(h.sent()).toHaveLength(1); // the deadline is final: no retry after it
  });

  it('a Retry-After beyond the deadline is not waited for: exit 6 at once, saying so', async () => {
    h.sandbox.setFaults({ next: ['429'], retryAfter: 30 });
    const run = await h.masg(['adv', 'list', '--deadline', '5']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Not retried: the service asked to wait 30 s \(Retry-After\), past the --deadline \([\d.]+ s left\)\./);
    expect(faults()).toEqual(['429']);
  });
});

describe('429 and 503 with a masg-error body: "not now", whatever the body says', () => {
  // The sandbox's 429/503 are HTML pages from its front end; a front end (or a future service)
  // that answers in the service's own error format must not turn "not now" into a refusal.
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());
  const env = () => ({ MASG_BASE_URL: server.url });

  /** `failures` answers of `status` with a masg-error body (code `code`), then `ok`; arrival times recorded. */
  function flaky(route: string, status: number, failures: number, ok: { status?: number; file: string }, code = 5000, retryAfter = '1') {
    const at: number[] = [];
    server.on(route, (_req, res) => {
      at.push(performance.now());
      if (at.length <= failures) {
        res.writeHead(status, { 'content-type': 'text/xml', 'retry-after': retryAfter });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<masg-error>\n<code>${code}</code>\n<description>Busy</description>\n</masg-error>`,
        );
        return;
      }
      res.writeHead(ok.status ?? 200, { 'content-type': 'text/xml' });
      res.end(fixture(ok.file));
    });
    return at;
  }

  it.each([
    [429, 5000],
    [503, 5000],
    [503, 1003], // a credentials code under 503: still "not now", not exit 4
  ])('HTTP %i (code %i), then success: exit 0, the second request after the Retry-After', async (status, code) => {
    const at = flaky('GET /advertisers/list.xml', status, 1, { file: 'advertisers-list.xml' }, code);
    const run = await h.masg(['adv', 'list', '-o', 'csv'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^id,name,status/);
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1000);
  });

  it('every attempt answered 429: exit 6 (not 5), attempts = retries + 1', async () => {
    const at = flaky('GET /advertisers/list.xml', 429, Infinity, { file: 'advertisers-list.xml' }, 1500, '0');
    const run = await h.masg(['adv', 'list', '--retries', '2'], { env: env() });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(
      /HTTP 429 \(Too Many Requests\): it asks to be called again later\. It said: code 1500, "Busy"\. Gave up after 3 attempts\./,
    );
    noStack(run.stderr);
    expect(at).toHaveLength(3);
  });

  it('a create under 429: exit 6, refused and not applied, sent once', async () => {
    const at = flaky('POST /adslot/create.xml', 429, 1, { file: 'adslot-create.xml' }, 5000, '7');
    const run = await h.masg(['slot', 'create', '--publication', pubId, '--name', 'N', '--formats', 'banner'], { env: env() });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/HTTP 429 .*The request was refused, not applied\./);
    expect(run.stderr).toContain('Run the command again in 7 s');
    expect(at).toHaveLength(1);
  });

  it('a create under 503: exit 6, outcome UNKNOWN (a 503 cannot prove nothing happened), sent once', async () => {
    const at = flaky('POST /adslot/create.xml', 503, 1, { file: 'adslot-create.xml' });
    const run = await h.masg(['slot', 'create', '--publication', pubId, '--name', 'N', '--formats', 'banner'], { env: env() });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/HTTP 503 .*Whether the ad slot was created is UNKNOWN/);
    expect(at).toHaveLength(1);
  });
});

describe('creates are sent exactly once', () => {
  const create = (name: string) => ['slot', 'create', '--publication', pubId, '--name', name, '--formats', 'banner', '-o', 'csv'];

  it('drop-after (handled, then the connection dropped): exit 6, outcome UNKNOWN, how to check', async () => {
    h.sandbox.setFaults({ next: ['drop-after'], path: '/adslot/create' });
    const run = await h.masg(create('Dropped after'));
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /closed before the service answered.*Whether the ad slot was created is UNKNOWN: masg never re-sends a create or update, so it was sent exactly once\./,
    );
    expect(run.stderr).toContain(`Check with \`masg slot list --publication ${pubId}\` before running the command again.`);
    noStack(run.stderr);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({ path: '/adslot/create.xml', fault: 'drop-after', params: { name: 'Dropped after' } });
    expect(await slotNames()).toContain('Dropped after'); // it was applied: the check the message asks for shows it
  });

  it.each(['drop', 'reset'] as const)('%s before handling: not re-sent either, outcome UNKNOWN (the client cannot tell)', async (fault) => {
    h.sandbox.setFaults({ next: [fault], path: '/adslot/create' });
    const run = await h.masg(create(`Lost ${fault}`));
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/UNKNOWN/);
    expect(posts()).toHaveLength(1);
    expect(await slotNames()).not.toContain(`Lost ${fault}`);
  });

  it.each([
    ['500', /HTTP 500: the service failed.*UNKNOWN/, true],
    ['503', /HTTP 503.*UNKNOWN/, false],
    ['502', /HTTP 502.*UNKNOWN/, false],
    ['truncate', /closed before the whole response arrived.*UNKNOWN/, true],
    ['malformed', /malformed or truncated XML body.*UNKNOWN/, true],
  ] as const)('%s on a create: exit 6, one POST, outcome unknown', async (fault, message, applied) => {
    const name = `Fault ${fault}`;
    h.sandbox.setFaults({ next: [fault], path: '/adslot/create' });
    const run = await h.masg(create(name));
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('masg slot list --publication');
    expect(posts()).toHaveLength(1);
    expect((await slotNames()).includes(name)).toBe(applied);
  });

  it('429 on a create: refused, not applied, not re-sent', async () => {
    h.sandbox.setFaults({ next: ['429'], path: '/adslot/create', retryAfter: 7 });
    const run = await h.masg(create('Rate limited'));
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/HTTP 429.*The request was refused, not applied\./);
    expect(run.stderr).toMatch(/Run the command again in 7 s/);
    expect(posts()).toHaveLength(1);
    expect(await slotNames()).not.toContain('Rate limited');
  });

  it('an update dropped after handling names the publication and the check', async () => {
    h.sandbox.setFaults({ next: ['drop-after'], path: `/publication/${pubId}` });
    const run = await h.masg(['pub', 'update', pubId, '--description', 'changed in the dark', '-o', 'csv']);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain(`Whether publication ${pubId} was updated is UNKNOWN`);
    expect(run.stderr).toContain('masg pub list');
    expect(posts()).toHaveLength(1);
  });

  it('connection refused: the create was not sent, and the message says nothing changed', async () => {
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number };
        s.close(() => resolve(p));
      });
    });
    const run = await h.masg(create('Never sent'), { env: { MASG_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/connection was refused\. The request was not sent: nothing was created or changed\./);
    expect(run.stderr).not.toMatch(/UNKNOWN/);
  });
});

describe('statistics streams', () => {
  const stats = (extra: string[] = []) => [
    'pub',
    'stats',
    '--level',
    'adslot',
    '--by-country',
    '--date',
    '2024-06-14',
    '--tz',
    'UTC',
    ...extra,
  ];

  it('a fault before the body is handed over is retried', async () => {
    h.sandbox.setFaults({ next: ['503', 'reset'], path: '/statistics' });
    const run = await h.masg(stats(['-o', 'csv']));
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').length).toBeGreaterThan(3);
    expect(faults()).toEqual(['503', 'reset', 'none']);
  });

  it('cut after rows were printed on stdout: exit 6, not retried (the rows cannot be taken back)', async () => {
    h.sandbox.setFaults({ next: ['truncate'], path: '/statistics' });
    const run = await h.masg(stats(['-o', 'csv']));
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/closed before the whole response arrived/);
    expect(faults()).toEqual(['truncate']);
  });

  it("cut mid-way into --out: started again from scratch, and the file is the clean run's to the byte", async () => {
    const clean = join(h.configDir, 'clean.csv');
    expect((await h.masg(stats(['--out', clean]))).code).toBe(0);
    h.mark();
    const out = join(h.configDir, 'export.csv');
    writeFileSync(out, 'previous,export\n');
    h.sandbox.setFaults({ next: ['truncate'], path: '/statistics' });
    const run = await h.masg(stats(['--out', out]));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/stream broke before it ended; writing .*export\.csv again from the start .*\(attempt 2 of 4\)/);
    expect(faults()).toEqual(['truncate', 'none']);
    expect(readFileSync(out)).toEqual(readFileSync(clean));
    expect(readdirSync(h.configDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('cut into --out with no retries left: exit 6, no temporary file, the old file intact', async () => {
    const out = join(h.configDir, 'export.csv');
    writeFileSync(out, 'previous,export\n');
    h.sandbox.setFaults({ next: ['truncate', 'truncate'], path: '/statistics' });
    const run = await h.masg(stats(['--out', out, '--retries', '1']));
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/closed before the whole response arrived.*Gave up after 2 attempts/);
    expect(faults()).toEqual(['truncate', 'truncate']);
    expect(readFileSync(out, 'utf8')).toBe('previous,export\n');
    expect(readdirSync(h.configDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(out)).toBe(true);
  });
});

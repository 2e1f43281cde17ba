// The developer key never reaches any output: not the key, not its URL-encoded form, not the
// base64 of `email:key` that goes after "Basic " — with --debug, with --dry-run, on every kind
// of error. And --dry-run sends nothing at all.
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../transport/fixture-server.js';
import { type DemoIds, type Harness, tempDir, useHarness } from '../commands/harness.js';
import type { CliRun } from '../helpers/cli.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

/** A key no output could contain by chance; characters that URL-encoding and base64 change. */
const WRONG_KEY = 'Zq9/S3CR3T+k3y:w1th%odd&chars';

function forms(email: string, key: string): string[] {
  return [key, encodeURIComponent(key), Buffer.from(`${email}:${key}`).toString('base64')];
}

function expectNoSecret(run: CliRun, email: string, key: string): void {
  const all = run.stdout + run.stderr;
  for (const secret of forms(email, key)) expect(all).not.toContain(secret);
}

const demoCreds = () => h.sandbox.demo;

describe('--debug logs requests and responses with the credentials redacted', () => {
  it.each([
    ['a list', () => ['pub', 'list', '--debug']],
    [
      'a create (form body)',
      () => ['pub', 'create', '--debug', '--name', 'Debugged', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'false'],
    ],
    ['an update with a lookup first', () => ['slot', 'update', ids.slots['Toolbar']!.id!, '--tags', 'd', '--debug']],
    ['a campaign view in json', () => ['campaign', 'list', ids.advertisers['Acme Outdoor']!.id!, '--debug', '-o', 'json']],
    ['raw output', () => ['adv', 'list', '--debug', '--raw', 'json']],
  ])('%s', async (_what, argv) => {
    const run = await h.masg(argv());
    expect(run.code).toBe(0);
    // It did log something: the request line and the response status.
    expect(run.stderr).toMatch(/→ (GET|POST) http:\/\/127\.0\.0\.1:\d+\//);
    expect(run.stderr).toMatch(/← 200 /);
    expectNoSecret(run, demoCreds().email, demoCreds().key);
    expect(h.sent().length).toBeGreaterThan(0);
  });
});

describe('errors never show the key', () => {
  it.each([
    ['rejected credentials', [], {}, 4],
    ['rejected credentials, -o json', ['-o', 'json'], {}, 4],
    ['login verification failing', ['login', '--email', 'demo@sandbox.masg.test', '--timezone', 'UTC', '--key-stdin'], {}, 4],
  ] as const)('%s (--debug)', async (_what, extra, _env, code) => {
    const login = extra[0] === 'login';
    const argv = login ? [...extra, '--base-url', h.sandbox.url, '--debug'] : ['adv', 'list', '--debug', ...extra];
    const run = await h.masg(argv, { env: { MASG_DEVELOPER_KEY: login ? undefined : WRONG_KEY }, stdin: login ? WRONG_KEY : undefined });
    expect(run.code).toBe(code);
    expect(run.stderr).toContain('1003');
    expectNoSecret(run, demoCreds().email, WRONG_KEY);
  });

  it('a network failure and a timeout (--debug)', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const refused = await h.masg(['adv', 'list', '--debug', '--retries', '0'], {
      env: { MASG_BASE_URL: `http://127.0.0.1:${port}`, MASG_DEVELOPER_KEY: WRONG_KEY },
    });
    expect(refused.code).toBe(6);
    expectNoSecret(refused, demoCreds().email, WRONG_KEY);
    h.sandbox.setFaults({ latencyMs: 1000 });
    const slow = await h.masg(['adv', 'list', '--debug', '--timeout', '0.1', '--retries', '1'], { env: { MASG_DEVELOPER_KEY: WRONG_KEY } });
    expect(slow.code).toBe(6);
    expectNoSecret(slow, demoCreds().email, WRONG_KEY);
  });

  it.each(['500', '502', 'malformed', 'truncate'] as const)('a %s fault (--debug)', async (fault) => {
    // On a POST: never retried, so the one fault is the answer.
    h.sandbox.setFaults({ next: [fault] });
    const run = await h.masg(['pub', 'update', ids.pubs['Zebra Tools']!.id!, '--reference', fault, '--debug']);
    expect(run.code).not.toBe(0);
    expectNoSecret(run, demoCreds().email, demoCreds().key);
  });

  it('a key that is also in the base URL (pasted by mistake) is redacted from messages too', async () => {
    const run = await h.masg(['adv', 'list', '--debug'], {
      env: { MASG_BASE_URL: `${h.sandbox.url}/${encodeURIComponent(WRONG_KEY)}`, MASG_DEVELOPER_KEY: WRONG_KEY },
    });
    expect(run.code).toBe(6);
    expectNoSecret(run, demoCreds().email, WRONG_KEY);
  });

  it('whoami masks the key in every format, also when the service rejects it (exit 4)', async () => {
    for (const o of ['table', 'csv', 'json', 'tsv', 'ndjson']) {
      const run = await h.masg(['whoami', '-o', o], { env: { MASG_DEVELOPER_KEY: WRONG_KEY } });
      expect(run.code).toBe(4);
      expectNoSecret(run, demoCreds().email, WRONG_KEY);
    }
  });
});

describe('the key in every form a hostile server can echo it in', () => {
  // The key contains & and / on purpose: XML writes & as &amp; (and non-ASCII as &#NNN;), the
  // service's JSON writes / as \/. The server echoes back whatever key it was sent.
  const xmlEscape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const jsonEscape = (t: string) => JSON.stringify(t).slice(1, -1).replace(/\//g, '\\/');
  const allForms = (email: string, key: string) => [
    ...forms(email, key),
    xmlEscape(key),
    jsonEscape(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    Buffer.from(`${email}:${key}`).toString('base64').replace(/\//g, '\\/'),
  ];
  let echo: FixtureServer;
  beforeAll(async () => {
    echo = await startFixtureServer();
    const keyOf = (req: IncomingMessage) => {
      const decoded = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64').toString('utf8');
      return decoded.slice(decoded.indexOf(':') + 1);
    };
    echo.on('GET /advertisers/list.xml', (req, res) => {
      res.writeHead(400, { 'content-type': 'text/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<masg-error>\n<code>5000</code>\n<description>For input string: "${xmlEscape(keyOf(req))}"</description>\n</masg-error>`,
      );
    });
    echo.on('GET /advertisers/list.json', (req, res) => {
      res.writeHead(400, { 'content-type': 'application/json;charset=ISO-8859-1' });
      res.end(`{"masg-error":{"code":5000,"description":"For input string: \\"${jsonEscape(keyOf(req))}\\""}}`);
    });
  });
  afterAll(() => echo.close());

  it.each([
    ['XML (&amp;)', ['adv', 'list', '--debug']],
    ['JSON (\\/)', ['adv', 'list', '--debug', '--raw', 'json']],
    ['JSON, -o json', ['adv', 'list', '--debug', '-o', 'json']],
  ])('%s: --debug and the error message show none of them', async (_what, argv) => {
    const run = await h.masg(argv, { env: { MASG_BASE_URL: echo.url, MASG_DEVELOPER_KEY: WRONG_KEY } });
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('For input string');
    expect(run.stderr).toContain('[REDACTED]');
    const all = run.stdout + run.stderr;
    for (const secret of allForms(demoCreds().email, WRONG_KEY)) expect(all).not.toContain(secret);
  });
});

describe('a short key is never printed, and does not blank out unrelated text', () => {
  it('a one-character key: the messages and --debug lines stay readable', async () => {
    const run = await h.masg(['adv', 'list', '--debug'], { env: { MASG_DEVELOPER_KEY: 'e' } });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`The service rejected the credentials (code 1003): Invalid developer key for ${demoCreds().email}`);
    expect(run.stderr).toContain('<description>Invalid developer key for');
    // Nothing to hide here: the key "e" stands alone nowhere.
    expect(run.stderr).not.toContain('[REDACTED]');
    expect(run.stderr).toMatch(/→ GET http:\/\/127\.0\.0\.1:\d+\/advertisers\/list\.xml/);
  });

  it('…and is still hidden where it stands as a value', async () => {
    const run = await h.masg(['api', 'publication/list', '-f', 'status=e', '--dry-run'], { env: { MASG_DEVELOPER_KEY: 'e' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\/publication\/list\.xml\?status=\[REDACTED\]$/m);
    expect(run.stdout).toContain('User-Agent: masg/');
    expect(h.sent()).toEqual([]);
  });
});

describe('a base URL that carries a password', () => {
  it.each([
    ['MASG_BASE_URL', (url: string) => ({ env: { MASG_BASE_URL: url } }), []],
    ['--base-url', () => ({}), (url: string) => ['--base-url', url]],
  ] as const)('%s that is not a valid URL: exit 2, the password hidden, nothing sent', async (field, opts, flag) => {
    const url = 'https://ops:hunter2-pa55@api example.com/v1';
    const run = await h.masg(['adv', 'list', ...(typeof flag === 'function' ? flag(url) : flag)], opts(url));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${field} is not a valid URL: "https://ops:[REDACTED]@api example.com/v1"`);
    expect(run.stderr).not.toContain('hunter2');
    expect(h.sent()).toEqual([]);
  });
});

describe('--dry-run prints the request, sends nothing, exits 0', () => {
  it.each([
    ['pub list', () => ['pub', 'list', '--status', 'ACTIVE'], 'GET', /\/publication\/list\.xml\?status=ACTIVE$/m, undefined],
    [
      'pub create',
      () => ['pub', 'create', '--name', 'Dry & run', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'yes'],
      'POST',
      /\/publication\/create\.xml$/m,
      'name=Dry+%26+run&type=OTHER_APP&description=d&transparent=true',
    ],
    [
      'pub update --status STOPPED (no confirmation needed for a dry run)',
      () => ['pub', 'update', ids.pubs['Zebra Tools']!.id!, '--status', 'STOPPED'],
      'POST',
      /\/publication\/[0-9a-f-]{36}\.xml$/m,
      'status=STOPPED',
    ],
    [
      'slot create',
      () => ['slot', 'create', '--publication', ids.pubs['Zebra Tools']!.id!, '--name', 'S', '--formats', 'banner, text'],
      'POST',
      /\/adslot\/create\.xml$/m,
      undefined,
    ],
    [
      'slot update without --name',
      () => ['slot', 'update', ids.slots['Toolbar']!.id!, '--tags', 'a'],
      'POST',
      /\/adslot\/[0-9a-f-]{36}\.xml$/m,
      'tags=a',
    ],
    // A full ID: sent as is, without the list call that resolves a short one.
    [
      'campaign view',
      () => ['campaign', 'view', '00000000-0000-4000-8000-00000000c001'],
      'GET',
      /\/campaign\/00000000-0000-4000-8000-00000000c001\.xml$/m,
      undefined,
    ],
    ['adv list --raw json', () => ['adv', 'list', '--raw', 'json'], 'GET', /\/advertisers\/list\.json$/m, undefined],
  ])('%s', async (_what, argv, method, path, body) => {
    const run = await h.masg([...argv(), '--dry-run', '--debug']);
    expect(run.code).toBe(0);
    expect(h.sent()).toEqual([]);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${method} ${h.sandbox.url.replace(/[.]/g, '\\.')}`));
    expect(lines[0]).toMatch(path);
    expect(run.stdout).toContain('Authorization: [REDACTED]');
    expect(run.stdout).toMatch(/User-Agent: masg\/\d/);
    if (method === 'POST') expect(run.stdout).toContain('Content-Type: application/x-www-form-urlencoded; charset=UTF-8');
    if (body !== undefined) expect(lines).toContain(body);
    expectNoSecret(run, demoCreds().email, demoCreds().key);
  });

  it('slot update --dry-run without --name says the name would be read first; --quiet silences that', async () => {
    const argv = ['slot', 'update', ids.slots['Toolbar']!.id!, '--tags', 'a', '--dry-run'];
    const loud = await h.masg(argv);
    expect(loud.code).toBe(0);
    expect(loud.stderr).toMatch(/current name would be read first/);
    const quiet = await h.masg([...argv, '-q']);
    expect(quiet).toMatchObject({ code: 0, stderr: '', stdout: loud.stdout });
    expect(h.sent()).toEqual([]);
  });

  it('slot update --raw json --dry-run without --name describes the JSON request, as with a name', async () => {
    const id = ids.slots['Toolbar']!.id!;
    for (const argv of [
      ['slot', 'update', id, '--tags', 'a'],
      ['slot', 'update', id, '--tags', 'a', '--name', 'Toolbar'],
    ]) {
      const run = await h.masg([...argv, '--raw', 'json', '--dry-run', '-q']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.split('\n')[0]).toMatch(new RegExp(`^POST .*/adslot/${id}\\.json$`));
      expect(run.stdout).toContain('Accept: application/json');
    }
    expect(h.sent()).toEqual([]);
  });

  it('a dry run with a wrong key still sends nothing (and shows no key)', async () => {
    const run = await h.masg(['adv', 'list', '--dry-run'], { env: { MASG_DEVELOPER_KEY: WRONG_KEY } });
    expect(run.code).toBe(0);
    expect(h.sent()).toEqual([]);
    expectNoSecret(run, demoCreds().email, WRONG_KEY);
  });
});

describe('the credential file', () => {
  it('is mode 0600 after login --key-stdin, in a 0700 folder, and holds the key only there', async () => {
    const dir = join(tempDir('masg-0600-'), 'nested', 'masg');
    const run = await h.masg(
      ['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'UTC', '--key-stdin', '--debug'],
      {
        env: { MASG_CONFIG_DIR: dir, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_BASE_URL: undefined },
        stdin: `${h.sandbox.demo.key}\n`,
      },
    );
    expect(run.code).toBe(0);
    expectNoSecret(run, demoCreds().email, demoCreds().key);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

// The developer key never reaches any output: not the key, not its URL-encoded form, not the
// base64 of `email:key` that goes after "Basic " — with --debug, with --dry-run, on every kind
// of error. And --dry-run sends nothing at all.
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
    ['a create (form body)', () => ['pub', 'create', '--debug', '--name', 'Debugged', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'false']],
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
    ['login verification failing', ['login', '--email', 'demo@sandbox.masg.test', '--key-stdin'], {}, 4],
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
    const refused = await h.masg(['adv', 'list', '--debug', '--retries', '0'], { env: { MASG_BASE_URL: `http://127.0.0.1:${port}`, MASG_DEVELOPER_KEY: WRONG_KEY } });
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
    const run = await h.masg(['adv', 'list', '--debug'], { env: { MASG_BASE_URL: `${h.sandbox.url}/${encodeURIComponent(WRONG_KEY)}`, MASG_DEVELOPER_KEY: WRONG_KEY } });
    expect(run.code).toBe(6);
    expectNoSecret(run, demoCreds().email, WRONG_KEY);
  });

  it('whoami masks the key in every format', async () => {
    for (const o of ['table', 'csv', 'json', 'tsv', 'ndjson']) {
      const run = await h.masg(['whoami', '-o', o], { env: { MASG_DEVELOPER_KEY: WRONG_KEY } });
      expect(run.code).toBe(0);
      expectNoSecret(run, demoCreds().email, WRONG_KEY);
    }
  });
});

describe('--dry-run prints the request, sends nothing, exits 0', () => {
  it.each([
    ['pub list', () => ['pub', 'list', '--status', 'ACTIVE'], 'GET', /\/publication\/list\.xml\?status=ACTIVE$/m, undefined],
    ['pub create', () => ['pub', 'create', '--name', 'Dry & run', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'yes'], 'POST', /\/publication\/create\.xml$/m,
      'name=Dry+%26+run&type=OTHER_APP&description=d&transparent=true'],
    ['pub update --status STOPPED (no confirmation needed for a dry run)', () => ['pub', 'update', ids.pubs['Zebra Tools']!.id!, '--status', 'STOPPED'], 'POST', /\/publication\/[0-9a-f-]{36}\.xml$/m, 'status=STOPPED'],
    ['slot create', () => ['slot', 'create', '--publication', ids.pubs['Zebra Tools']!.id!, '--name', 'S', '--formats', 'banner, text'], 'POST', /\/adslot\/create\.xml$/m, undefined],
    ['slot update without --name', () => ['slot', 'update', ids.slots['Toolbar']!.id!, '--tags', 'a'], 'POST', /\/adslot\/[0-9a-f-]{36}\.xml$/m, 'tags=a'],
    ['campaign view', () => ['campaign', 'view', 'c-1'], 'GET', /\/campaign\/c-1\.xml$/m, undefined],
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
    const run = await h.masg(['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--key-stdin', '--debug'], {
      env: { MASG_CONFIG_DIR: dir, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_BASE_URL: undefined },
      stdin: `${h.sandbox.demo.key}\n`,
    });
    expect(run.code).toBe(0);
    expectNoSecret(run, demoCreds().email, demoCreds().key);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

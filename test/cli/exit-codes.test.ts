// Each exit code of the README's table, through the CLI against the sandbox over real HTTP: what the user
// sees (stdout data only, the reason on stderr) and what was sent. Exit 1 lives in
// internal-error.test.ts (it needs a module stub for the whole file).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type DemoIds, expectOk, type Harness, parseCsv, useHarness } from '../commands/harness.js';
import { publicationColumns } from '../../src/command-kit/columns.js';
import { canMount, readOnlyDir, removeMounts, tmpfs } from '../helpers/fs-faults.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

afterAll(removeMounts);

const other = () => ({ MASG_EMAIL: h.sandbox.other.email, MASG_DEVELOPER_KEY: h.sandbox.other.key });

describe('0: success, an empty result included', () => {
  it('an empty list is a header-only CSV, [] in JSON, nothing in NDJSON, exit 0', async () => {
    // The second account has no paused publication: a real empty answer from the service.
    const csv = expectOk(await h.masg(['pub', 'list', '--status', 'PAUSED', '-o', 'csv'], { env: other() }));
    expect(await parseCsv(csv.stdout)).toEqual([publicationColumns.map((c) => c.key)]);
    const json = expectOk(await h.masg(['pub', 'list', '--status', 'PAUSED', '-o', 'json'], { env: other() }));
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(expectOk(await h.masg(['pub', 'list', '--status', 'PAUSED', '-o', 'ndjson'], { env: other() })).stdout).toBe('');
    const tsv = expectOk(await h.masg(['pub', 'list', '--status', 'PAUSED', '-o', 'tsv', '--no-header'], { env: other() }));
    expect(tsv.stdout).toBe('');
    expect(calls(h.sent())).toEqual(Array(4).fill(['GET', '/publication/list.xml', { status: 'PAUSED' }]));
  });

  it('an empty table says so on stderr, not on stdout', async () => {
    const run = await h.masg(['pub', 'list', '--status', 'PAUSED'], { env: { ...other(), NO_COLOR: '1' }, tty: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('id');
    expect(run.stdout).not.toMatch(/No publications/);
    expect(run.stderr).toMatch(/No publications/);
  });

  it('--help and --version', async () => {
    const help = await h.masg(['pub', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--transparent');
    expect(help.stdout).toContain('Examples:');
    const version = await h.masg(['--version']);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(h.sent()).toEqual([]);
  });
});

describe('2: usage errors, before anything is sent', () => {
  it.each([
    ['an unknown flag', ['pub', 'list', '--colour', 'never'], '--colour'],
    ['an unknown command', ['pub', 'lst'], 'lst'],
    ['an unknown resource', ['publications', 'list'], 'publications'],
    ['a bad output format', ['pub', 'list', '-o', 'xml'], 'xml'],
    ['a bad --raw format', ['pub', 'list', '--raw', 'yaml'], 'yaml'],
    ['--raw with an output format', ['pub', 'list', '--raw', '-o', 'csv'], '-o csv cannot apply'],
    ['--raw with --fields', ['adv', 'list', '--raw', 'json', '--fields', 'id'], '--fields cannot apply'],
    ['a bad --color', ['pub', 'list', '--color', 'sometimes'], 'sometimes'],
    ['a bad --timeout', ['pub', 'list', '--timeout', 'soon'], '--timeout'],
    ['a zero --timeout', ['pub', 'list', '--timeout', '0'], '--timeout'],
    ['a missing argument', ['campaign', 'view'], 'id'],
    ['a list parent given twice, differently', ['slot', 'list', 'aaaa', '--publication', 'bbbb'], '--publication'],
    ['a flag without its value', ['pub', 'list', '--status'], '--status'],
    ['an extra argument', ['adv', 'list', 'extra'], 'too many arguments'],
    ['an unknown --fields name', ['pub', 'list', '-o', 'csv', '--fields', 'id,colour'], 'colour'],
    ['an empty --fields', ['adv', 'list', '-o', 'csv', '--fields', ','], '--fields'],
  ])('%s', async (_what, argv, named) => {
    const run = await h.masg(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(named);
    expect(h.sent()).toEqual([]);
  });

  it('Basic auth over plain http:// to a non-loopback host is a bad value (exit 2), refused before connecting', async () => {
    const run = await h.masg(['adv', 'list'], { env: { MASG_BASE_URL: 'http://api.example.com/v1' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/https:\/\//);
    expect(run.stderr).not.toContain(h.sandbox.demo.key);
  });

  it("commander's parse errors read like masg's own and point to the help of the command that refused them", async () => {
    const unknown = await h.masg(['pub', 'list', '--colour', 'never']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "masg: unknown option '--colour'\n  (Did you mean --color?)\n  See `masg pub list --help` for the options and examples.\n",
    );
    const missing = await h.masg(['slot', 'stats']);
    expect(missing.stderr).toMatch(
      /^masg: missing required argument 'id'\n {2}\(`masg slot list` shows the IDs.\)\n {2}See `masg slot stats --help`/,
    );
    const command = await h.masg(['pub', 'lst']);
    expect(command.stderr).toMatch(/^masg: unknown command 'lst'\n.*\n {2}See `masg pub --help`/);
    expect(h.sent()).toEqual([]);
  });

  it('masg sandbox on a port already in use says so (exit 2), not an internal error', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = await h.masg(['sandbox', '--port', String(port)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--port ${port}: 127.0.0.1:${port} is already in use`);
      expect(run.stderr).toContain('leave --port out');
      expect(run.stderr).not.toContain('internal error');
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('an unknown --fields name on a create is refused before the publication is created', async () => {
    const run = await h.masg([
      'pub',
      'create',
      '--name',
      'Fields typo',
      '--type',
      'OTHER_APP',
      '--description',
      'd',
      '--transparent',
      'false',
      '-o',
      'csv',
      '--fields',
      'id,nmae',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nmae');
    expect(h.sent()).toEqual([]);
  });
});

describe('--fields is checked against what this invocation prints', () => {
  it('several IDs print result rows: their fields are accepted, a single-record field is not', async () => {
    const [a, b] = [ids.pubs['Java Games Portal']!.id!, ids.pubs['Weather 😀 Now']!.id!];
    const run = await h.masg(['pub', 'update', a, b, '--reference', 'multi', '-o', 'csv', '--fields', 'id,result']);
    expect(run.code).toBe(0);
    const [header, ...rows] = await parseCsv(run.stdout);
    expect(header).toEqual(['id', 'result']);
    expect(rows.map((r) => r[0]).sort()).toEqual([a, b].sort());
    expect(h.sent().filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('one ID prints the publication: a result-row field there is an unknown field, refused before sending', async () => {
    const run = await h.masg(['pub', 'update', ids.pubs['Java Games Portal']!.id!, '--reference', 'one', '--fields', 'id,result']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('result');
    expect(h.sent()).toEqual([]);
  });
});

describe('3: configuration or input missing', () => {
  it('no credentials at all: exit 3 naming what to set, nothing sent', async () => {
    const run = await h.masg(['pub', 'list'], { env: { MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_BASE_URL: undefined } });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('MASG_DEVELOPER_KEY');
    expect(run.stderr).toContain('masg login');
    expect(h.sent()).toEqual([]);
  });

  it('a key but no base URL', async () => {
    const run = await h.masg(['adv', 'list'], { env: { MASG_BASE_URL: undefined } });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/base URL/);
    expect(h.sent()).toEqual([]);
  });

  it('a profile that does not exist', async () => {
    const run = await h.masg(['adv', 'list', '--profile', 'nope']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('nope');
    expect(h.sent()).toEqual([]);
  });

  it('--status STOPPED without a terminal and without --yes: exit 3 naming --yes, nothing sent', async () => {
    const id = ids.pubs['Café Olé Mobile']!.id!;
    const run = await h.masg(['pub', 'update', id, '--status', 'STOPPED']);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`no terminal to ask on: pass --yes to stop publication ${id} (STOPPED is permanent)`);
    expect(h.sent()).toEqual([]);
    // Still ACTIVE.
    const now = JSON.parse(expectOk(await h.masg(['pub', 'list', '-o', 'json'])).stdout).find((p: { id: string }) => p.id === id);
    expect(now.status).toBe('ACTIVE');
  });

  it('login without --email (nor MASG_EMAIL) and without a terminal', async () => {
    const run = await h.masg(['login', '--base-url', h.sandbox.url, '--key-stdin'], { stdin: 'k', env: { MASG_EMAIL: undefined } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('--email');
    expect(h.sent()).toEqual([]);
  });
});

describe('4: credentials rejected by the service', () => {
  it.each([
    ['a wrong key', { MASG_DEVELOPER_KEY: 'wrong-key' }, '1003'],
    ['an unknown e-mail', { MASG_EMAIL: 'nobody@example.com' }, '1002'],
    ["the other account's key with the demo e-mail", { MASG_DEVELOPER_KEY: 'other:developer-key' }, '1003'],
  ])('%s', async (_what, env, code) => {
    const run = await h.masg(['pub', 'list', '-o', 'csv'], { env });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(code);
    expect(run.stderr).toContain('masg login');
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', {}]]);
  });

  it('the caller address not allowed (1004)', async () => {
    const { RESTRICTED_ACCOUNT } = await import('../../src/sandbox/index.js');
    const run = await h.masg(['adv', 'list'], {
      env: { MASG_EMAIL: RESTRICTED_ACCOUNT.email, MASG_DEVELOPER_KEY: RESTRICTED_ACCOUNT.key },
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('1004');
  });

  it('in -o json the error on stderr is JSON with the service code', async () => {
    const run = await h.masg(['adv', 'list', '-o', 'json'], { env: { MASG_DEVELOPER_KEY: 'wrong-key' } });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr).error).toMatchObject({ name: 'AuthError', exitCode: 4, code: 1003 });
  });
});

describe('5: the service refused, or the change did not take effect', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['update of an unknown publication', () => ['pub', 'update', unknown, '--name', 'x'], '2000'],
    ['ad slots of an unknown publication', () => ['slot', 'list', '--publication', unknown], '5000'],
    [
      'an ad slot in an unknown publication',
      () => ['slot', 'create', '--publication', unknown, '--name', 'x', '--formats', 'banner'],
      '5000',
    ],
    ['campaigns of an unknown advertiser', () => ['campaign', 'list', unknown], '2000'],
    ['an unknown campaign (HTTP 404)', () => ['campaign', 'view', unknown], '2000'],
    ["update of another account's publication", () => ['pub', 'update', otherPub, '--name', 'mine now'], '2001'],
    ["ad slots of another account's publication", () => ['slot', 'list', '--publication', otherPub], '2001'],
  ])('%s', async (_what, argv, code) => {
    const run = await h.masg(argv());
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`code ${code}`);
    expect(h.sent()).toHaveLength(1);
  });

  let otherPub = '';
  let otherAdvertiser = '';
  beforeAll(async () => {
    otherPub = JSON.parse(expectOk(await h.masg(['pub', 'list', '-o', 'json'], { env: other() })).stdout)[0].id;
    otherAdvertiser = JSON.parse(expectOk(await h.masg(['adv', 'list', '-o', 'json'], { env: other() })).stdout)[0]?.id ?? '';
  });

  it("another account's advertiser (1600) and campaign (2000, as if unknown)", async () => {
    if (otherAdvertiser === '') return expect.fail('the sandbox gives the second account no advertiser');
    const list = await h.masg(['campaign', 'list', otherAdvertiser]);
    expect(list.code).toBe(5);
    expect(list.stderr).toContain('1600');
    const campaigns = JSON.parse(expectOk(await h.masg(['campaign', 'list', otherAdvertiser, '-o', 'json'], { env: other() })).stdout);
    // The campaign view answers another account's campaign like an unknown one (404, 2000).
    const view = await h.masg(['campaign', 'view', campaigns[0].id]);
    expect(view.code).toBe(5);
    expect(view.stderr).toContain('2000');
  });

  it.each([
    ['STOPPED→ACTIVE', 'Nordic News Site', 'STOPPED'],
    ['PENDING→ACTIVE', 'Tablet Recipes', 'PENDING'],
  ])('%s is ignored by the service: exit 5 saying so, the record still printed', async (_move, name, kept) => {
    const id = ids.pubs[name]!.id!;
    const run = await h.masg(['pub', 'update', id, '--status', 'ACTIVE', '--reference', `ref-${kept}`, '-o', 'csv']);
    expect(run.code).toBe(5);
    expect(calls(h.sent())).toEqual([['POST', `/publication/${id}.xml`, { status: 'ACTIVE', reference: `ref-${kept}` }]]);
    // stdout: the service's answer, with the unchanged status and the other field applied.
    const [header, row] = await parseCsv(run.stdout);
    const record = Object.fromEntries(header!.map((k, i) => [k, row![i]]));
    expect(record).toMatchObject({ id, status: kept, reference: `ref-${kept}` });
    // stderr: that it did not take effect, and that the other field was applied.
    expect(run.stderr).toMatch(/not allowed|did not take effect/);
    expect(run.stderr).toContain(kept);
    expect(run.stderr).toContain('other fields were applied');
  });

  it('the ignored change with --raw: the body printed unchanged, still exit 5', async () => {
    const id = ids.pubs['Tablet Recipes']!.id!;
    for (const format of ['xml', 'json']) {
      const run = await h.masg(['pub', 'update', id, '--status', 'ACTIVE', '--raw', format]);
      expect(run.code).toBe(5);
      expect(run.stdout).toMatch(format === 'xml' ? /<status>PENDING<\/status>/ : /"status":"PENDING"/);
      expect(run.stderr).toContain('PENDING');
    }
    // An allowed change with --raw is a plain success.
    const ok = await h.masg(['pub', 'update', ids.pubs['Zebra Tools']!.id!, '--status', 'PAUSED', '--raw']);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toContain('<status>PAUSED</status>');
  });

  it('the ignored change in -o json: the record on stdout, a JSON error on stderr', async () => {
    const id = ids.pubs['Nordic News Site']!.id!;
    const run = await h.masg(['pub', 'update', id, '--status', 'PAUSED', '-o', 'json']);
    expect(run.code).toBe(5);
    expect(JSON.parse(run.stdout)).toMatchObject({ id, status: 'STOPPED' });
    expect(JSON.parse(run.stderr).error).toMatchObject({ exitCode: 5, name: 'NotAppliedError' });
  });
});

describe('6: network failures and non-service answers', () => {
  it('a closed port: exit 6, the host named', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    // --retries 0: the retry policy has its own tests; here only the final mapping matters.
    const run = await h.masg(['pub', 'list', '--retries', '0'], { env: { MASG_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`127.0.0.1:${port}`);
    expect(run.stderr).toMatch(/refused/);
  });

  // On an update (a POST, which masg never retries: it may have been applied) one fault is
  // enough to fail the command, whatever the retry policy for safe requests is.
  it.each([
    ['an HTML 502 page from a proxy', '502', /502/],
    ['an HTML 503 page', '503', /503/],
    ['a malformed body', 'malformed', /malformed|truncated/],
    ['a body cut short', 'truncate', /closed|truncated|malformed/],
    ['a dropped connection', 'drop', /closed/],
  ] as const)('%s', async (_what, fault, message) => {
    h.sandbox.setFaults({ next: [fault] });
    const id = ids.pubs['Zebra Tools']!.id!;
    const run = await h.masg(['pub', 'update', id, '--reference', `fault-${fault}`, '-o', 'csv']);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(h.sent().map((r) => [r.method, r.fault])).toEqual([['POST', fault]]);
  });

  it('a list that keeps failing with 503: retried, then exit 6 naming the status', async () => {
    h.sandbox.setFaults({ rates: { 503: 1 } });
    const run = await h.masg(['adv', 'list', '-o', 'csv', '--retries', '1']);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/503/);
    expect(h.sent()).toHaveLength(2);
    expect(h.sent().every((r) => r.method === 'GET' && r.fault === '503')).toBe(true);
  });

  it('a base URL without the service (container 404 page) names the path', async () => {
    const run = await h.masg(['adv', 'list'], { env: { MASG_BASE_URL: `${h.sandbox.url}/wrong/prefix` } });
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('404');
    expect(run.stderr).toContain('/wrong/prefix/advertisers/list.xml');
  });

  it('a timeout', async () => {
    h.sandbox.setFaults({ latencyMs: 1500 });
    const run = await h.masg(['adv', 'list', '--timeout', '0.2', '--retries', '0']);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Timed out after 0.2s/);
  });
});

describe('7: a local file could not be written', () => {
  // Real faults: a tmpfs as root (see test/helpers/fs-faults.ts), /dev/full for anyone.
  const stats = (out: string) => ['pub', 'stats', '--level', 'adslot', '--by-country', '--date', '2024-06-14', '--tz', 'UTC', '--out', out];

  it.skipIf(!canMount)(
    '--out on a disk that fills up: exit 7 naming the file and ENOSPC, the earlier file intact, no temporary file',
    async () => {
      const disk = tmpfs(8);
      const out = join(disk.dir, 'export.csv');
      writeFileSync(out, 'earlier\n');
      const run = await h.masg(stats(out));
      expect(run.code).toBe(7);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`masg: Cannot write ${out}: no space left on the device (ENOSPC).`);
      expect(run.stderr).toContain(`The earlier ${out} is unchanged.`);
      expect(run.stderr).not.toMatch(/internal error/);
      expect(readFileSync(out, 'utf8')).toBe('earlier\n');
      expect(readdirSync(disk.dir)).toEqual(['export.csv']);
    },
  );

  it.skipIf(!canMount)('--out in a read-only folder: exit 7 before any statistics request, naming EROFS', async () => {
    const ro = readOnlyDir();
    const out = join(ro.dir, 'export.csv');
    const run = await h.masg(stats(out));
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`Cannot write ${out}: the file system is read-only (EROFS).`);
    expect(h.sent()).toEqual([]);
  });

  it.skipIf(!canMount)('in -o json the error on stderr is JSON: LocalIOError, exit code 7', async () => {
    const ro = readOnlyDir();
    const run = await h.masg(['pub', 'stats', '--date', '2024-06-14', '--tz', 'UTC', '-o', 'json', '--out', join(ro.dir, 'x.json')]);
    expect(run.code).toBe(7);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { name: 'LocalIOError', exitCode: 7 } });
  });
});

describe('130: interrupted', () => {
  it('aborting the signal mid-request stops at once with exit 130', async () => {
    h.sandbox.setFaults({ latencyMs: 3000 });
    const controller = new AbortController();
    const pending = h.masg(['pub', 'list', '-o', 'csv'], { signal: controller.signal });
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (h.sent().length > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    controller.abort();
    const run = await pending;
    expect(run.code).toBe(130);
    // Waiting for the 3 s answer would have printed the list: empty stdout means it stopped at once.
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/[Ii]nterrupted/);
  });

  it('aborted before the request: nothing is sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await h.masg(['pub', 'update', ids.pubs['Zebra Tools']!.id!, '--name', 'never'], { signal: controller.signal });
    expect(run.code).toBe(130);
    expect(h.sent().filter((r) => r.method === 'POST')).toEqual([]);
  });
});

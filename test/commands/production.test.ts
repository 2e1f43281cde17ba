// The commands against recorded production-style bodies (test/fixtures/production, served by the
// API tests' fixture server under a /v1 prefix): values the spec does not list display and never
// crash, character references (surrogate pairs included) decode, control characters are
// stripped in tables and kept in csv/json, and production's error shapes map to exit codes.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, LATIN1_JSON, XML, startFixtureServer, type FixtureServer } from '../transport/fixture-server.js';
import { runCli, type CliOptions } from '../helpers/cli.js';
import { parseCsv, removeTempDirs, tempDir } from './harness.js';

let server: FixtureServer;
let env: Record<string, string>;
let seen = 0;
beforeAll(async () => {
  server = await startFixtureServer();
  env = {
    MASG_BASE_URL: `${server.url}/v1`,
    MASG_EMAIL: 'ops@example.com',
    MASG_DEVELOPER_KEY: 'prod-style-key-123456',
    MASG_CONFIG_DIR: tempDir('masg-prod-'),
  };
});
afterAll(async () => {
  await server.close();
  removeTempDirs();
});
beforeEach(() => void (seen = server.requests.length));

const masg = (argv: string[], o: CliOptions = {}) => runCli(argv, { ...o, env: { ...env, ...o.env } });
const sent = () =>
  server.requests
    .slice(seen)
    .map((r) => [r.method, r.path, Object.fromEntries(r.query), r.body ? Object.fromEntries(new URLSearchParams(r.body)) : {}]);

/** Values as the fixture holds them, with entity and character references decoded by hand. */
const PUB1 = {
  id: '0a5b4f6e-3c1d-4e8f-9a2b-7c6d5e4f3a21',
  name: 'Café 😀 & Co <beta>',
  type: 'IPAD_APP',
  status: 'PENDING',
  reference: '0012',
};
const PUB2_DESCRIPTION = 'Line one\nLine two with a bell \u0007';

describe('publication list: PENDING, IPAD_APP, NEW_REVIEW, surrogate pairs, a raw BEL', () => {
  beforeAll(() => server.on('GET /v1/publication/list.xml', { file: 'publication-list.xml' }));

  it('json: every value as sent, types from the column schema, the BEL kept', async () => {
    const run = await masg(['pub', 'list', '-o', 'json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(sent()).toEqual([['GET', '/v1/publication/list.xml', {}, {}]]);
    const rows = JSON.parse(run.stdout);
    expect(rows[0]).toMatchObject({
      ...PUB1,
      transparent: false,
      autoapprove: true,
      languages: 'en,fr',
      requests: null,
      url: 'http://example.com/café?a=1&b=2',
    });
    expect(rows[1]).toMatchObject({ status: 'NEW_REVIEW', type: 'MOBILE_SITE', name: 'News – münchen', description: PUB2_DESCRIPTION });
    // JSON escapes the control character rather than dropping it.
    expect(run.stdout).toContain('\\u0007');
  });

  it('csv: the BEL and the newline survive a round trip through a CSV reader', async () => {
    const run = await masg(['pub', 'list', '-o', 'csv']);
    expect(run.code).toBe(0);
    const [header, ...rows] = await parseCsv(run.stdout);
    const col = (k: string) => header!.indexOf(k);
    expect(rows[0]![col('name')]).toBe(PUB1.name);
    expect(rows[0]![col('reference')]).toBe('0012');
    expect(rows[1]![col('description')]).toBe(PUB2_DESCRIPTION);
  });

  it('table: the BEL is stripped, the text and the emoji are shown, unknown values displayed', async () => {
    const run = await masg(['pub', 'list', '--fields', 'name,type,status,description'], { tty: true, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- the test is that no control characters reach the terminal
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    for (const text of ['Café 😀 & Co <beta>', 'IPAD_APP', 'PENDING', 'NEW_REVIEW', 'Line two with a bell'])
      expect(run.stdout).toContain(text);
  });

  it('--raw json prints the Latin-1 body byte for byte, never re-encoded to UTF-8', async () => {
    server.on('GET /v1/publication/list.json', { type: LATIN1_JSON, file: 'publication-list.json' });
    const run = await masg(['pub', 'list', '--raw', 'json']);
    expect(run.code).toBe(0);
    expect(sent()).toEqual([['GET', '/v1/publication/list.json', {}, {}]]);
    // stdout is captured as UTF-8 text: the Latin-1 bytes read the same way, and never as the
    // UTF-8 "ü" a re-encoding would have written (test/commands/production-answers.test.ts
    // compares the bytes themselves).
    const bytes = readFileSync(new URL('publication-list.json', FIXTURES));
    expect(run.stdout).toBe(bytes.toString('utf8'));
    expect(bytes.toString('latin1')).toContain('münchen');
    expect(run.stdout).not.toContain('münchen');
    expect(run.stdout).toContain('http:\\/\\/example.com');
  });

  it('--raw xml prints the references as received, not decoded', async () => {
    const run = await masg(['pub', 'list', '--raw']);
    expect(run.stdout).toBe(readFileSync(new URL('publication-list.xml', FIXTURES), 'utf8'));
    expect(run.stdout).toContain('&#55357;&#56832;');
  });
});

describe('escape sequences from the server never reach a terminal', () => {
  it('stripped in a table, kept in csv and json', async () => {
    const evil = 'Red\u001b[31m alert\u001b]0;title\u0007 done';
    const body = readFileSync(new URL('publication-list-one.xml', FIXTURES), 'utf8').replace(
      '<name>Only one</name>',
      `<name>${evil}</name>`,
    );
    server.on('GET /v1/publication/list.xml', { body });
    const table = await masg(['pub', 'list'], { tty: true, env: { NO_COLOR: '1' } });
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain('\u001b');
    expect(table.stdout).not.toContain('\u0007');
    expect(table.stdout).toContain('Red');
    const csv = await parseCsv((await masg(['pub', 'list', '-o', 'csv'])).stdout);
    expect(csv[1]![1]).toBe(evil);
    expect(JSON.parse((await masg(['pub', 'list', '-o', 'json'])).stdout)[0].name).toBe(evil);
    server.on('GET /v1/publication/list.xml', { file: 'publication-list.xml' });
  });
});

describe('campaigns', () => {
  it('view: a bare <campaign> root displays like a wrapped one', async () => {
    server.on('GET /v1/campaign/93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba.xml', { file: 'campaign-view-bare.xml' });
    const run = await masg(['campaign', 'view', '93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba', '-o', 'json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({
      id: '93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba',
      name: 'Summer',
      status: 'NEW_REVIEW',
      budgetType: 'CLICKS',
      overallBudget: '2000',
      dailyBudget: null,
      startDate: null,
      advertiser: '71c2b0d5-a384-4f56-b192-e3d4cb0a1598',
    });
    const table = await masg(['campaign', 'view', '93e4d2f7-c5a6-4178-b3b4-05f6ed2c37ba'], { tty: true, env: { NO_COLOR: '1' } });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('NEW_REVIEW');
  });

  it("view: production's HTTP 404 masg-error is exit 5 with the service's words, nothing on stdout", async () => {
    const id = '00000000-0000-0000-0000-000000000000';
    server.on(`GET /v1/campaign/${id}.xml`, { status: 404, file: 'campaign-not-found.xml' });
    const run = await masg(['campaign', 'view', id]);
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`Campaign ${id} not found`);
    expect(run.stderr).toContain('2000');
  });

  it('list: PENDING_PAUSED, an astral character written as two references, counts as budgets', async () => {
    server.on('GET /v1/advertiser/71c2b0d5-a384-4f56-b192-e3d4cb0a1598/campaigns/list.xml', { file: 'campaigns-list.xml' });
    const run = await masg(['campaign', 'list', '71c2b0d5-a384-4f56-b192-e3d4cb0a1598', '-o', 'json']);
    expect(run.code).toBe(0);
    const [spring] = JSON.parse(run.stdout);
    expect(spring).toMatchObject({
      name: 'Spring 🌸',
      status: 'PENDING_PAUSED',
      budgetType: 'IMPRESSIONS',
      dailyBudget: '10000',
      startDate: '2012-03-01T00:00',
    });
    const table = await masg(['campaign', 'list', '71c2b0d5-a384-4f56-b192-e3d4cb0a1598'], { tty: true, env: { NO_COLOR: '1' } });
    // The table may wrap the name to fit the terminal; the astral character is whole either way.
    expect(table.stdout).toContain('Spring');
    expect(table.stdout).toContain('🌸');
    expect(table.stdout).not.toContain('\uFFFD');
    expect(table.stdout).toContain('PENDING_PAUSED');
  });
});

describe('ad slots and advertisers', () => {
  it('slot list: <formats/> and <tags/> are empty, references in tags decode', async () => {
    server.on('GET /v1/adslot/list.xml', { file: 'adslot-list.xml' });
    const rows = await parseCsv((await masg(['slot', 'list', '-o', 'csv'])).stdout);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['Home top', 'text,banner', 'sport,café'],
      ['Empty formats', '', ''],
    ]);
  });

  it('slot update --tags without --name reads the current name and sends it with the update', async () => {
    server.on('GET /v1/adslot/list.xml', { file: 'adslot-list.xml' });
    server.on('POST /v1/adslot/4e9f8da2-7051-4c23-9e6f-b0a198d7e265.xml', { file: 'adslot-create.xml' });
    const run = await masg(['slot', 'update', '4e9f8da2-7051-4c23-9e6f-b0a198d7e265', '--tags', 'x', '-o', 'json']);
    // The answer has other tags than those sent: the update went through without them (exit 5).
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('did not keep its tags: sent \\"x\\", it has \\"a,b\\"');
    expect(sent()).toEqual([
      ['GET', '/v1/adslot/list.xml', {}, {}],
      ['POST', '/v1/adslot/4e9f8da2-7051-4c23-9e6f-b0a198d7e265.xml', {}, { name: 'Home top', tags: 'x' }],
    ]);
  });

  it('adv list: a ™ reference, an empty <dailyBudget></dailyBudget>, exact decimals', async () => {
    server.on('GET /v1/advertisers/list.xml', { file: 'advertisers-list.xml' });
    const run = await masg(['adv', 'list', '-o', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        id: '71c2b0d5-a384-4f56-b192-e3d4cb0a1598',
        name: 'Acme ™',
        status: 'ACTIVE',
        dailyBudget: null,
        balance: '1234.50',
        notifyLimit: '100.00',
      },
    ]);
    // Money is written as the service wrote it, a string (docs/output.md#json-types), never a JSON number.
    expect(run.stdout).toContain('"balance": "1234.50"');
  });
});

describe('publication create and an ignored status change', () => {
  it('create: PENDING and empty requests/uniques display', async () => {
    server.on('POST /v1/publication/create.xml', { file: 'publication-create.xml' });
    const run = await masg([
      'pub',
      'create',
      '--name',
      'Café 😀',
      '--type',
      'IPHONE_APP',
      '--description',
      'A new one',
      '--transparent',
      'false',
      '--requests',
      '5',
      '-o',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ name: 'Café 😀', status: 'PENDING', requests: null, uniques: null, url: null });
    expect(sent()[0]![3]).toEqual({ name: 'Café 😀', type: 'IPHONE_APP', description: 'A new one', transparent: 'false', requests: '5' });
  });

  it('update: the answer shows the old status → exit 5, record printed, other fields applied', async () => {
    const id = '3d8e7c91-6f40-4b12-8d5e-af9087c6d154';
    server.on(`POST /v1/publication/${id}.xml`, { file: 'publication-update-ignored.xml' });
    const run = await masg(['pub', 'update', id, '--status', 'ACTIVE', '--name', 'Renamed', '-o', 'csv']);
    expect(run.code).toBe(5);
    const [header, row] = await parseCsv(run.stdout);
    expect(row![header!.indexOf('status')]).toBe('STOPPED');
    expect(row![header!.indexOf('name')]).toBe('Renamed');
    expect(run.stderr).toContain('STOPPED');
    expect(run.stderr).toContain('ACTIVE');
    expect(run.stderr).toContain('other fields were applied');
  });
});

describe("production's error answers", () => {
  it.each([
    ['1003 with HTTP 400', { status: 400, file: 'error-1003.xml' }, 4, /1003.*Invalid developer key/],
    ['1000 with HTTP 400', { status: 400, file: 'error-1000.xml' }, 4, /1000/],
    ['1003 as Latin-1 JSON', { status: 400, type: LATIN1_JSON, file: 'error-1003.json' }, 4, /1003/],
    ['1500 with HTTP 400', { status: 400, file: 'error-1500.xml' }, 5, /1500.*"name"/],
    ["the container's HTML 404", { status: 404, type: 'text/html', file: 'container-404.html' }, 6, /404/],
    ["a proxy's HTML 502", { status: 502, type: 'text/html', file: 'proxy-502.html' }, 6, /502/],
    ['malformed XML with HTTP 200', { status: 200, type: XML, file: 'malformed.xml' }, 6, /malformed|truncated/],
    ['truncated XML with HTTP 200', { status: 200, type: XML, file: 'truncated.xml' }, 6, /malformed|truncated/],
  ] as const)('%s', async (_what, reply, code, message) => {
    server.on('GET /v1/advertisers/list.xml', reply);
    const run = await masg(['adv', 'list', '-o', 'csv']);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });
});

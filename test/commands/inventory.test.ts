// Every inventory command against the sandbox over real HTTP, in every output format: what the
// sandbox received (method, path, parameters) and what masg printed. Expected data comes from the
// sandbox itself (its JSON API read directly, or another masg format), never typed in by hand.
import { describe, expect, it } from 'vitest';
import type { CliRun } from '../helpers/cli.js';
import { calls, type DemoIds, expectOk, type Harness, parseCsv, tempDir, useHarness } from './harness.js';
import { headingOf } from '../../src/output/columns.js';
import {
  publicationColumns,
  adSlotColumns,
  advertiserColumns,
  campaignColumns,
  publicationTableFields,
  adSlotColumnsNamed,
  campaignTableFieldsNamed,
} from '../../src/command-kit/columns.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

/** The service's own body for a path, read directly with the demo account (bytes decoded as sent). */
/** What masg wrote, read as Latin-1 (the charset of production's JSON): byte for byte. */
const latin1 = (run: CliRun): string => run.stdoutBytes.toString('latin1');

async function directBytes(path: string, format: 'xml' | 'json'): Promise<{ bytes: Buffer; res: Response }> {
  const auth = Buffer.from(`${h.sandbox.demo.email}:${h.sandbox.demo.key}`).toString('base64');
  const res = await fetch(`${h.sandbox.url}${path}.${format}`, { headers: { authorization: `Basic ${auth}` } });
  return { bytes: Buffer.from(await res.arrayBuffer()), res };
}

async function direct(path: string, format: 'xml' | 'json'): Promise<string> {
  const { bytes, res } = await directBytes(path, format);
  // The charset the header declares: UTF-8 for XML, ISO-8859-1 for production-style JSON.
  const charset = /charset=([\w-]+)/i.exec(res.headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  return bytes.toString(charset === 'iso-8859-1' ? 'latin1' : 'utf8');
}

const lists = () => [
  { argv: ['pub', 'list'], path: '/publication/list', params: {}, columns: publicationColumns, table: publicationTableFields },
  {
    argv: ['pub', 'list', '--status', 'active'],
    path: '/publication/list',
    params: { status: 'ACTIVE' },
    columns: publicationColumns,
    table: publicationTableFields,
  },
  { argv: ['slot', 'list'], path: '/adslot/list', params: {}, columns: adSlotColumns, ...PUBLICATION_NAMES },
  {
    argv: ['slot', 'list', '--publication', ids.pubs['Café Olé Mobile']!.id!],
    path: '/adslot/list',
    params: { publication: ids.pubs['Café Olé Mobile']!.id! },
    columns: adSlotColumns,
    ...PUBLICATION_NAMES,
  },
  { argv: ['adv', 'list'], path: '/advertisers/list', params: {}, columns: advertiserColumns },
  {
    argv: ['campaign', 'list', ids.advertisers['Acme Outdoor']!.id!],
    path: `/advertiser/${ids.advertisers['Acme Outdoor']!.id}/campaigns/list`,
    params: {},
    columns: campaignColumns,
    table: campaignTableFieldsNamed,
    names: '/advertisers/list.xml',
  },
];
// A table shows the owner's name beside its ID, from one more list call (cached after it).
const PUBLICATION_NAMES = { table: adSlotColumnsNamed.map((c) => c.key), names: '/publication/list.xml' };

describe('list commands in every format', () => {
  // Cases are built lazily (the IDs exist only once the sandbox runs); the names label them.
  const names = ['pub list', 'pub list --status', 'slot list', 'slot list --publication', 'adv list', 'campaign list'];
  it.each(names.map((n, i) => [n, i] as const))(
    '%s: json matches the service; csv, tsv, ndjson, --fields, --no-header, table agree',
    async (_name, i) => {
      const c = lists()[i]!;
      const keys = c.columns.map((col) => col.key);
      const qs = new URLSearchParams(c.params).toString();
      const service = JSON.parse(await direct(c.path, 'json'))['masg-response'] as unknown[];
      h.mark();

      const json = JSON.parse(expectOk(await h.masg([...c.argv, '-o', 'json'])).stdout) as Array<Record<string, unknown>>;
      expect(calls(h.sent())).toEqual([['GET', `${c.path}.xml`, c.params]]);
      expect(json.length).toBeGreaterThan(0);
      expect(json.every((row) => Object.keys(row).join() === keys.join())).toBe(true);
      if (qs === '') {
        // The same IDs in the same order (sorted by name) as the service's own JSON.
        expect(json.map((r) => r.id)).toEqual((service as Array<{ id: string }>).map((r) => r.id));
      }

      h.mark();
      const csv = await parseCsv(expectOk(await h.masg([...c.argv, '-o', 'csv'])).stdout);
      expect(csv[0]).toEqual(keys);
      expect(csv.slice(1).map((r) => r[0])).toEqual(json.map((r) => r.id));
      // Names survive CSV quoting exactly (quotes, commas, non-ASCII, astral characters).
      expect(csv.slice(1).map((r) => r[keys.indexOf('name')])).toEqual(json.map((r) => r.name));

      const noHeader = await parseCsv(expectOk(await h.masg([...c.argv, '-o', 'csv', '--no-header'])).stdout);
      expect(noHeader).toEqual(csv.slice(1));

      const tsv = expectOk(await h.masg([...c.argv, '-o', 'tsv'])).stdout.split('\n');
      expect(tsv[0]).toBe(keys.join('\t'));
      expect(tsv.slice(1, -1).map((line) => line.split('\t')[0])).toEqual(json.map((r) => r.id));
      expect(tsv.at(-1)).toBe('');

      const ndjson = expectOk(await h.masg([...c.argv, '-o', 'ndjson']))
        .stdout.trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(ndjson).toEqual(json);

      const fields = await parseCsv(expectOk(await h.masg([...c.argv, '-o', 'csv', '--fields', 'name,id'])).stdout);
      expect(fields).toEqual([['name', 'id'], ...json.map((r) => [r.name, r.id])]);
      const jsonFields = JSON.parse(expectOk(await h.masg([...c.argv, '-o', 'json', '--fields', 'name,id'])).stdout);
      expect(jsonFields).toEqual(json.map((r) => ({ name: r.name, id: r.id })));

      // A table on a terminal wide enough for it: box drawing, the narrower default columns, every
      // row's full ID (a narrower terminal shows unique prefixes: test/commands/tables.test.ts).
      const configDir = tempDir(); // no cached names: the table's lookup is sent
      const table = expectOk(await h.masg(c.argv, { tty: true, columns: 400, env: { NO_COLOR: '1', MASG_CONFIG_DIR: configDir } })).stdout;
      expect(table).toMatch(/^┌/);
      const header = table.split('\n')[1]!;
      expect(
        header
          .split('│')
          .map((s) => s.trim())
          .filter(Boolean),
      ).toEqual((c.table ?? keys).map((key) => headingOf({ key })));
      for (const row of json) expect(table).toContain(String(row.id));
      // Every run above sent exactly one request, the same one; a table with names one more.
      const sent = calls(h.sent());
      expect(sent.slice(0, 6)).toEqual(Array(6).fill(['GET', `${c.path}.xml`, c.params]));
      const names = 'names' in c ? [['GET', c.names, {}]] : [];
      expect(sent.slice(6).sort()).toEqual([['GET', `${c.path}.xml`, c.params], ...names].sort());
    },
  );

  it('the default format is a table on a terminal and tsv when piped', async () => {
    expect(expectOk(await h.masg(['adv', 'list'])).stdout).toBe(expectOk(await h.masg(['adv', 'list', '-o', 'tsv'])).stdout);
    const table = expectOk(await h.masg(['adv', 'list'], { tty: true })).stdout;
    expect(table).toContain('┌');
    // Colour on a terminal (status words), none with NO_COLOR or when piped.
    expect(table).toContain('\u001b[');
    expect(expectOk(await h.masg(['adv', 'list'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect(expectOk(await h.masg(['adv', 'list', '-o', 'csv', '--color', 'always'])).stdout).not.toContain('\u001b[');
  });
});

describe('--raw prints the body unchanged', () => {
  it.each([
    [['pub', 'list'], '/publication/list', {}],
    [['pub', 'list', '--status', 'PAUSED'], '/publication/list', { status: 'PAUSED' }],
    [['slot', 'list'], '/adslot/list', {}],
    [['adv', 'list'], '/advertisers/list', {}],
  ] as const)('%j', async (argv, path, params) => {
    const qs = new URLSearchParams(params).toString();
    const xmlBody = await direct(path, 'xml');
    const jsonBody = await direct(path, 'json');
    h.mark();
    const xml = expectOk(await h.masg([...argv, '--raw']));
    const xmlExplicit = expectOk(await h.masg([...argv, '--raw', 'xml']));
    const json = expectOk(await h.masg([...argv, '--raw', 'json']));
    expect(calls(h.sent())).toEqual([
      ['GET', `${path}.xml`, params],
      ['GET', `${path}.xml`, params],
      ['GET', `${path}.json`, params],
    ]);
    expect(xml.stdout).toBe(xmlExplicit.stdout);
    expect(xml.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>')).toBe(true);
    // The bytes as received: nothing re-encoded, no newline added when piped.
    if (qs === '') {
      expect(xml.stdout).toBe(xmlBody);
      expect(latin1(json)).toBe(jsonBody);
    }
    // Latin-1 JSON kept Latin-1: \/ escapes kept, no U+FFFD from a UTF-8 misreading.
    expect(latin1(json)).not.toContain('\uFFFD');
    expect(() => JSON.parse(latin1(json))).not.toThrow();
  });

  it('JSON keeps what Latin-1 holds (é, ä) and shows "?" where production lost a character', async () => {
    const pubs = JSON.parse(latin1(expectOk(await h.masg(['pub', 'list', '--raw', 'json']))))['masg-response'];
    const names = pubs.map((p: { name: string }) => p.name);
    expect(names).toContain('Café Olé Mobile');
    expect(names).toContain('Weather ? Now');
    expect(latin1(expectOk(await h.masg(['pub', 'list', '--raw', 'json'])))).toContain('https:\\/\\/');
    // XML is the lossless format: the character references are printed as received.
    expect(expectOk(await h.masg(['pub', 'list', '--raw'])).stdout).toContain('<name>Weather &#55357;&#56832; Now</name>');
  });

  it('campaign list and view, raw', async () => {
    const adv = ids.advertisers['Acme Outdoor']!.id!;
    const list = expectOk(await h.masg(['campaign', 'list', adv, '--raw']));
    const id = /<id>([^<]+)<\/id>/.exec(list.stdout)![1]!;
    h.mark();
    const view = expectOk(await h.masg(['campaign', 'view', id, '--raw', 'json']));
    expect(calls(h.sent())).toEqual([['GET', `/campaign/${id}.json`, {}]]);
    expect(view.stdoutBytes.equals((await directBytes(`/campaign/${id}`, 'json')).bytes)).toBe(true);
  });
});

describe('create, update and view', () => {
  it('pub create sends exactly the given fields, normalised, and prints the new record in each format', async () => {
    const name = `Daily "News", ${Date.now()} 😀`;
    const base = [
      'pub',
      'create',
      '--name',
      name,
      '--type',
      'mobile_site',
      '--url',
      'https://m.example.com/',
      '--description',
      'News, for commuters',
      '--transparent',
      'no',
      '--languages',
      'EN, es',
      '--requests',
      '1000',
      '--uniques',
      '20',
      '--autoapprove',
      'false',
      '--reference',
      'r-1',
    ];
    const json = JSON.parse(expectOk(await h.masg([...base, '-o', 'json'])).stdout);
    expect(calls(h.sent())).toEqual([
      [
        'POST',
        '/publication/create.xml',
        {
          name,
          type: 'MOBILE_SITE',
          url: 'https://m.example.com/',
          description: 'News, for commuters',
          transparent: 'false',
          languages: 'en,es',
          requests: '1000',
          uniques: '20',
          autoapprove: 'false',
          reference: 'r-1',
        },
      ],
    ]);
    expect(h.sent()[0]!.contentType).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(json).toMatchObject({ name, type: 'MOBILE_SITE', status: 'PENDING', transparent: false, autoapprove: false, reference: 'r-1' });
    expect(Object.keys(json)).toEqual(publicationColumns.map((c) => c.key));
    // It is really there: the list shows it.
    const listed = JSON.parse(expectOk(await h.masg(['pub', 'list', '-o', 'json'])).stdout);
    expect(listed.find((p: { id: string }) => p.id === json.id)).toEqual(json);

    for (const [fmt, check] of [
      ['csv', async (out: string) => expect((await parseCsv(out))[1]![1]).toBe(name)],
      ['tsv', async (out: string) => expect(out.split('\n')[1]!.split('\t')[1]).toBe(name)],
      ['ndjson', async (out: string) => expect(JSON.parse(out).name).toBe(name)],
    ] as const) {
      await check(expectOk(await h.masg([...base, '-o', fmt])).stdout);
    }
    // A record on a terminal is shown vertically: one "field value" row per column.
    const table = expectOk(await h.masg(base, { tty: true, env: { NO_COLOR: '1' } })).stdout;
    for (const key of publicationColumns.map((c) => c.key)) expect(table).toMatch(new RegExp(`│ ${key} +│`));
    const raw = expectOk(await h.masg([...base, '--raw']));
    expect(raw.stdout).toContain('<status>PENDING</status>');
    expect(calls(h.sent()).map(([m, p]) => `${m} ${p}`)).toEqual([
      'POST /publication/create.xml',
      'GET /publication/list.xml',
      'POST /publication/create.xml',
      'POST /publication/create.xml',
      'POST /publication/create.xml',
      'POST /publication/create.xml',
      'POST /publication/create.xml',
    ]);
  });

  it('pub update sends only the given fields; an allowed status change shows the new status', async () => {
    const id = ids.pubs['Java Games Portal']!.id!;
    const out = JSON.parse(
      expectOk(await h.masg(['pub', 'update', id, '--status', 'paused', '--description', 'J2ME', '-o', 'json'])).stdout,
    );
    expect(calls(h.sent())).toEqual([['POST', `/publication/${id}.xml`, { status: 'PAUSED', description: 'J2ME' }]]);
    expect(out).toMatchObject({ id, status: 'PAUSED', description: 'J2ME', name: 'Java Games Portal' });
    h.mark();
    const back = await parseCsv(
      expectOk(await h.masg(['pub', 'update', id, '--status', 'ACTIVE', '-o', 'csv', '--fields', 'id,status'])).stdout,
    );
    expect(back).toEqual([
      ['id', 'status'],
      [id, 'ACTIVE'],
    ]);
    expect(calls(h.sent())).toEqual([['POST', `/publication/${id}.xml`, { status: 'ACTIVE' }]]);
  });

  it('pub update --status STOPPED with --yes (no terminal) stops it', async () => {
    const created = JSON.parse(
      expectOk(
        await h.masg([
          'pub',
          'create',
          '--name',
          `To stop ${Date.now()}`,
          '--type',
          'OTHER_APP',
          '--description',
          'x',
          '--transparent',
          'true',
          '-o',
          'json',
        ]),
      ).stdout,
    );
    // The sandbox approves autoapprove publications once the create answer is out.
    h.mark();
    const out = JSON.parse(expectOk(await h.masg(['pub', 'update', created.id, '--status', 'STOPPED', '--yes', '-o', 'json'])).stdout);
    expect(calls(h.sent())).toEqual([['POST', `/publication/${created.id}.xml`, { status: 'STOPPED' }]]);
    expect(out.status).toBe('STOPPED');
  });

  it('pub update --status STOPPED on a terminal asks; "y" stops, "n" sends nothing', async () => {
    const make = async () =>
      JSON.parse(
        expectOk(
          await h.masg([
            'pub',
            'create',
            '--name',
            `Ask ${Math.random()}`,
            '--type',
            'OTHER_APP',
            '--description',
            'x',
            '--transparent',
            'true',
            '-o',
            'json',
          ]),
        ).stdout,
      ).id as string;
    const [yes, no] = [await make(), await make()];
    h.mark();
    const declined = await h.masg(['pub', 'update', no, '--status', 'STOPPED', '-o', 'json'], { tty: true, stdin: 'n\n' });
    expect(declined.code).toBe(2);
    expect(declined.stderr).toContain('Stop publication');
    // Only the read that puts the publication's name in the question; no change was sent.
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', {}]]);
    h.mark();
    const accepted = await h.masg(['pub', 'update', yes, '--status', 'STOPPED', '-o', 'json'], { tty: true, stdin: 'y\n' });
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.stdout).status).toBe('STOPPED');
    expect(calls(h.sent())).toEqual([
      ['GET', '/publication/list.xml', {}],
      ['POST', `/publication/${yes}.xml`, { status: 'STOPPED' }],
    ]);
  });

  it('slot create: formats and tags normalised, record printed', async () => {
    const pub = ids.pubs['Zebra Tools']!.id!;
    const out = JSON.parse(
      expectOk(
        await h.masg([
          'slot',
          'create',
          '--publication',
          pub,
          '--name',
          'Footer, "main"',
          '--formats',
          'banner, TEXT',
          '--tags',
          ' a , b,a',
          '-o',
          'json',
        ]),
      ).stdout,
    );
    expect(calls(h.sent())).toEqual([
      ['POST', '/adslot/create.xml', { publication: pub, name: 'Footer, "main"', formats: 'banner,text', tags: 'a,b' }],
    ]);
    expect(out).toMatchObject({ publication: pub, name: 'Footer, "main"', tags: 'a,b' });
    expect(out.formats.split(',').sort()).toEqual(['banner', 'text']);
    expect(Object.keys(out)).toEqual(adSlotColumns.map((c) => c.key));
    const csv = await parseCsv(expectOk(await h.masg(['slot', 'list', '--publication', pub, '-o', 'csv'])).stdout);
    expect(csv.find((r) => r[0] === out.id)?.[2]).toBe('Footer, "main"');
  });

  it('slot update --tags without --name sends the current name (production requires it)', async () => {
    const slot = ids.slots['Toolbar']!;
    const out = JSON.parse(expectOk(await h.masg(['slot', 'update', slot.id!, '--tags', 'x,y', '-o', 'json'])).stdout);
    expect(calls(h.sent())).toEqual([
      ['GET', '/adslot/list.xml', {}],
      ['POST', `/adslot/${slot.id}.xml`, { name: slot.name!, tags: 'x,y' }],
    ]);
    expect(out).toMatchObject({ id: slot.id, name: slot.name, tags: 'x,y' });
  });

  it('slot update with --name sends one request; --tags "" clears the tags', async () => {
    const slot = ids.slots['Main menu']!;
    const out = JSON.parse(
      expectOk(await h.masg(['slot', 'update', slot.id!, '--name', 'Main menu 2', '--tags', '', '--formats', 'iab300x250', '-o', 'json']))
        .stdout,
    );
    expect(calls(h.sent())).toEqual([['POST', `/adslot/${slot.id}.xml`, { name: 'Main menu 2', tags: '', formats: 'iab300x250' }]]);
    expect(out).toMatchObject({ id: slot.id, name: 'Main menu 2', tags: null, formats: 'iab300x250' });
  });

  it('slot update of an unknown ad slot: exit 5, no update sent', async () => {
    const run = await h.masg(['slot', 'update', '00000000-0000-4000-8000-000000000000', '--tags', 'x']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('00000000-0000-4000-8000-000000000000');
    expect(run.stdout).toBe('');
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);
  });

  it('campaign view in each format matches the campaign list row', async () => {
    const adv = ids.advertisers['Acme Outdoor']!.id!;
    const rows = JSON.parse(expectOk(await h.masg(['campaign', 'list', adv, '-o', 'json'])).stdout);
    h.mark();
    for (const row of rows) {
      expect(JSON.parse(expectOk(await h.masg(['campaign', 'view', row.id, '-o', 'json'])).stdout)).toEqual(row);
    }
    expect(calls(h.sent())).toEqual(rows.map((r: { id: string }) => ['GET', `/campaign/${r.id}.xml`, {}]));
    const row = rows[0];
    expect(JSON.parse(expectOk(await h.masg(['campaign', 'view', row.id, '-o', 'ndjson'])).stdout)).toEqual(row);
    const csv = await parseCsv(expectOk(await h.masg(['campaign', 'view', row.id, '-o', 'csv', '--fields', 'id,name,budgetType'])).stdout);
    expect(csv).toEqual([
      ['id', 'name', 'budgetType'],
      [row.id, row.name, row.budgetType],
    ]);
    expect(expectOk(await h.masg(['campaign', 'view', row.id, '-o', 'tsv', '--no-header', '--fields', 'name'])).stdout).toBe(
      `${row.name}\n`,
    );
    const table = expectOk(await h.masg(['campaign', 'view', row.id], { tty: true, env: { NO_COLOR: '1' } })).stdout;
    expect(table).toContain(row.name);
    expect(table).toMatch(/│ budget type +│/);
  });
});

describe('credentials: login, whoami, logout against the sandbox', () => {
  it('login --key-stdin verifies with one call, saves (0600), whoami shows it masked, logout removes it', async () => {
    const { statSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const bare = { MASG_BASE_URL: undefined, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined };
    const login = await h.masg(
      ['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'UTC', '--key-stdin'],
      {
        env: bare,
        stdin: `${h.sandbox.demo.key}\n`,
      },
    );
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain('Logged in as demo@sandbox.masg.test');
    expect(calls(h.sent())).toEqual([['GET', '/advertisers/list.xml', {}]]);
    const files = readdirSync(h.configDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBe(1);
    expect(statSync(join(h.configDir, files[0]!)).mode & 0o777).toBe(0o600);

    const who = JSON.parse(expectOk(await h.masg(['whoami', '-o', 'json'], { env: bare })).stdout);
    expect(who).toMatchObject({
      profile: 'default',
      email: h.sandbox.demo.email,
      baseUrl: h.sandbox.url,
      keySource: 'profile',
      check: 'accepted',
    });
    expect(who.key).not.toContain(h.sandbox.demo.key);
    expect(who.key).toMatch(/•/);
    // The stored profile works without any environment.
    h.mark();
    expectOk(await h.masg(['adv', 'list', '-o', 'json'], { env: bare }));
    expect(calls(h.sent())).toEqual([['GET', '/advertisers/list.xml', {}]]);

    const table = expectOk(await h.masg(['whoami'], { env: bare, tty: true })).stdout;
    expect(table).toContain(h.sandbox.demo.email);
    expect(table).not.toContain(h.sandbox.demo.key);
    h.mark();

    const logout = await h.masg(['logout'], { env: bare });
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain('Removed profile "default"');
    const after = await h.masg(['adv', 'list'], { env: bare });
    expect(after.code).toBe(3);
    expect(calls(h.sent())).toEqual([]);
  });

  it('login with a wrong key: exit 4, nothing saved', async () => {
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = tempDir('masg-login-');
    const run = await h.masg(['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'UTC', '--key-stdin'], {
      env: { MASG_CONFIG_DIR: dir, MASG_DEVELOPER_KEY: undefined },
      stdin: 'not-the-key',
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('1003');
    expect(calls(h.sent())).toEqual([['GET', '/advertisers/list.xml', {}]]);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    const who = await h.masg(['whoami'], {
      env: { MASG_CONFIG_DIR: dir, MASG_DEVELOPER_KEY: undefined, MASG_EMAIL: undefined, MASG_BASE_URL: undefined },
    });
    expect(who.code).toBe(3);
    expect(who.stderr).toContain('Not logged in');
  });

  it('login takes the e-mail and base URL from MASG_EMAIL and MASG_BASE_URL when no flag gives them', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = tempDir('masg-login-env-');
    const env = { MASG_CONFIG_DIR: dir, MASG_DEVELOPER_KEY: undefined, MASG_KEYRING: '0' };
    const run = await h.masg(['login', '--timezone', 'UTC', '--key-stdin'], { env, stdin: h.sandbox.demo.key });
    expect(run.code, run.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
    expect(saved).toMatchObject({ email: h.sandbox.demo.email, baseUrl: h.sandbox.url });
    // A flag still wins over the environment.
    const other = await h.masg(['login', '--email', 'nobody@example.com', '--timezone', 'UTC', '--key-stdin'], {
      env,
      stdin: h.sandbox.demo.key,
    });
    expect(other.code).toBe(4);
    expect(other.stderr).toContain('nobody@example.com');
  });

  it('whoami reports environment credentials, checking them with one call each time', async () => {
    const env = { MASG_TIMEZONE: 'America/New_York' };
    const who = JSON.parse(expectOk(await h.masg(['whoami', '-o', 'json'], { env })).stdout);
    expect(who).toMatchObject({ email: h.sandbox.demo.email, baseUrl: h.sandbox.url, keySource: 'env', baseUrlSource: 'env' });
    expect(who).toMatchObject({ timezone: 'America/New_York', timezoneSource: 'env' });
    expect(JSON.stringify(who)).not.toContain(h.sandbox.demo.key);
    // Without MASG_TIMEZONE the zone is unknown, and whoami says what that refuses (on stderr).
    const zoneless = await h.masg(['whoami', '-o', 'json']);
    expect(zoneless.code).toBe(0);
    expect(JSON.parse(zoneless.stdout)).toMatchObject({ timezone: null, timezoneSource: 'none' });
    expect(zoneless.stderr).toContain("The account's time zone is not known");
    expect(calls(h.sent())).toEqual([
      ['GET', '/advertisers/list.xml', {}],
      ['GET', '/advertisers/list.xml', {}],
    ]);
  });
});

describe('--sandbox (embedded, in-process)', () => {
  it('works with no credentials at all, keeps state between runs under the config dir', async () => {
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = tempDir('masg-sb-');
    const env = { MASG_CONFIG_DIR: dir, MASG_BASE_URL: undefined, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined };
    const before = JSON.parse(expectOk(await h.masg(['--sandbox', 'pub', 'list', '-o', 'json'], { env })).stdout);
    expect(before.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'sandbox', 'state.json'))).toBe(true);
    const created = JSON.parse(
      expectOk(
        await h.masg(
          [
            '--sandbox',
            'pub',
            'create',
            '--name',
            'Embedded',
            '--type',
            'IPHONE_APP',
            '--description',
            'd',
            '--transparent',
            'false',
            '-o',
            'json',
          ],
          { env },
        ),
      ).stdout,
    );
    const after = JSON.parse(expectOk(await h.masg(['--sandbox', 'pub', 'list', '-o', 'json'], { env })).stdout);
    expect(after.map((p: { id: string }) => p.id)).toContain(created.id);
    expect(after).toHaveLength(before.length + 1);
    const slots = await parseCsv(expectOk(await h.masg(['--sandbox', 'slot', 'list', '-o', 'csv'], { env })).stdout);
    expect(slots[0]).toEqual(adSlotColumns.map((c) => c.key));
    const who = JSON.parse(expectOk(await h.masg(['--sandbox', 'whoami', '-o', 'json'], { env })).stdout);
    expect(who).toMatchObject({ profile: 'sandbox', email: 'demo@sandbox.masg.test', keySource: 'sandbox', baseUrlSource: 'sandbox' });
    // The harness's own sandbox saw none of it.
    expect(h.sent()).toEqual([]);
  });

  it('--sandbox with login or logout is a mistake: exit 2, the saved profile untouched', async () => {
    const env = { MASG_CONFIG_DIR: tempDir('masg-sb-'), MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_BASE_URL: undefined };
    expect(
      (
        await h.masg(['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'UTC', '--key-stdin'], {
          env,
          stdin: h.sandbox.demo.key,
        })
      ).code,
    ).toBe(0);
    for (const argv of [
      ['--sandbox', 'logout'],
      ['--sandbox', 'login', '--email', 'x@example.com', '--timezone', 'UTC', '--key-stdin'],
    ]) {
      const run = await h.masg(argv, { env, stdin: 'k' });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--sandbox');
    }
    const who = JSON.parse(expectOk(await h.masg(['whoami', '-o', 'json'], { env })).stdout);
    expect(who).toMatchObject({ email: h.sandbox.demo.email, keySource: 'profile' });
  });

  it('--sandbox with --base-url is a contradiction: exit 2', async () => {
    const run = await h.masg(['--sandbox', '--base-url', h.sandbox.url, 'pub', 'list']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--base-url');
    expect(h.sent()).toEqual([]);
  });
});

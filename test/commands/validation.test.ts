// Every validation rule through the CLI: exit 2, a message naming the field, and nothing sent
// (the sandbox's request log stays empty). Then the normalisations: what the service receives.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, demo, expectOk, startHarness, type Harness } from './harness.js';

let h: Harness;
let pub: string;
let slot: string;
beforeAll(async () => {
  h = await startHarness();
  const ids = await demo(h);
  pub = ids.pubs['Zebra Tools']!.id!;
  slot = ids.slots['Toolbar']!.id!;
});
afterAll(() => h.close());
beforeEach(() => h.mark());

const long = (n: number) => 'x'.repeat(n);
/** A valid create; each case overrides or removes one flag. */
const create = (over: Record<string, string | null> = {}): string[] => {
  const flags: Record<string, string | null> = {
    '--name': 'N',
    '--type': 'ANDROID_APP',
    '--description': 'D',
    '--transparent': 'false',
    ...over,
  };
  return ['pub', 'create', ...Object.entries(flags).flatMap(([k, v]) => (v === null ? [] : [k, v]))];
};
const slotCreate = (over: Record<string, string | null> = {}): string[] => {
  const flags: Record<string, string | null> = { '--publication': pub, '--name': 'S', '--formats': 'banner', ...over };
  return ['slot', 'create', ...Object.entries(flags).flatMap(([k, v]) => (v === null ? [] : [k, v]))];
};

// [rule, argv (built lazily: IDs exist once the sandbox runs), the field the message must name]
const refused: Array<[string, () => string[], string]> = [
  // lengths (code points, as the service's database counts them)
  ['name over 255', () => create({ '--name': long(256) }), '--name'],
  ['name of 256 astral characters', () => create({ '--name': '😀'.repeat(256) }), '--name'],
  ['description over 4096', () => create({ '--description': long(4097) }), '--description'],
  ['reference over 255', () => create({ '--reference': long(256) }), '--reference'],
  ['update name over 255', () => ['pub', 'update', pub, '--name', long(256)], '--name'],
  ['slot name over 255', () => slotCreate({ '--name': long(256) }), '--name'],
  ['slot update name over 255', () => ['slot', 'update', slot, '--name', long(256)], '--name'],
  ['a tag over 255', () => slotCreate({ '--tags': `ok,${long(256)}` }), '--tags'],
  // blank required text
  ['blank name', () => create({ '--name': '   ' }), '--name'],
  ['blank description on create', () => create({ '--description': '' }), '--description'],
  ['blank name on update', () => ['pub', 'update', pub, '--name', ' '], '--name'],
  ['blank slot name on update', () => ['slot', 'update', slot, '--name', ''], '--name'],
  // enums
  ['unknown type', () => create({ '--type': 'WATCH_APP' }), '--type'],
  ['unknown status on update', () => ['pub', 'update', pub, '--status', 'DELETED'], '--status'],
  ['PENDING cannot be asked for', () => ['pub', 'update', pub, '--status', 'PENDING'], '--status'],
  ['unknown status filter', () => ['pub', 'list', '--status', 'LIVE'], '--status'],
  ['unknown format', () => slotCreate({ '--formats': 'banner,video' }), '--formats'],
  ['no format at all', () => slotCreate({ '--formats': '' }), '--formats'],
  ['empty item in formats', () => slotCreate({ '--formats': 'banner,,text' }), '--formats'],
  ['unknown format on update', () => ['slot', 'update', slot, '--formats', 'popup'], '--formats'],
  // digits only
  ['requests with a thousands separator', () => create({ '--requests': '1,000' }), '--requests'],
  ['requests in exponent form', () => create({ '--requests': '1e3' }), '--requests'],
  ['negative uniques', () => create({ '--uniques': '-5' }), '--uniques'],
  ['decimal uniques', () => ['pub', 'update', pub, '--uniques', '2.5'], '--uniques'],
  ['empty requests', () => create({ '--requests': '' }), '--requests'],
  // booleans
  ['transparent "maybe"', () => create({ '--transparent': 'maybe' }), '--transparent'],
  ['autoapprove "2"', () => create({ '--autoapprove': '2' }), '--autoapprove'],
  ['transparent on update', () => ['pub', 'update', pub, '--transparent', 'tru'], '--transparent'],
  // ISO 639-1
  ['unknown language code', () => create({ '--languages': 'en,xx' }), '--languages'],
  ['three-letter code', () => create({ '--languages': 'eng' }), '--languages'],
  ['language name', () => ['pub', 'update', pub, '--languages', 'english'], '--languages'],
  ['empty item in languages', () => create({ '--languages': 'en,,es' }), '--languages'],
  // URLs
  ['not a URL', () => create({ '--url': 'm.example.com' }), '--url'],
  ['not http(s)', () => create({ '--url': 'ftp://example.com/' }), '--url'],
  ['javascript: URL on update', () => ['pub', 'update', pub, '--url', 'javascript:alert(1)'], '--url'],
  // tags
  ['empty item in tags', () => slotCreate({ '--tags': 'a,,b' }), '--tags'],
  ['trailing comma in tags', () => ['slot', 'update', slot, '--name', 'x', '--tags', 'a,'], '--tags'],
  // required fields
  ['create without --name', () => create({ '--name': null }), '--name'],
  ['create without --type', () => create({ '--type': null }), '--type'],
  ['create without --description', () => create({ '--description': null }), '--description'],
  ['create without --transparent', () => create({ '--transparent': null }), '--transparent'],
  ['MOBILE_SITE without --url', () => create({ '--type': 'MOBILE_SITE' }), '--url'],
  ['IPHONE_SITE with an empty --url', () => create({ '--type': 'IPHONE_SITE', '--url': '' }), '--url'],
  ['slot create without --publication', () => slotCreate({ '--publication': null }), '--publication'],
  ['slot create without --name', () => slotCreate({ '--name': null }), '--name'],
  ['slot create without --formats', () => slotCreate({ '--formats': null }), '--formats'],
  // nothing to update
  ['pub update with no field', () => ['pub', 'update', pub], '--name'],
  ['pub update with only --yes', () => ['pub', 'update', pub, '--yes'], '--status'],
  ['slot update with no field', () => ['slot', 'update', slot], '--name'],
  // IDs (they go into paths)
  ['ID with a space', () => ['pub', 'update', 'a b', '--name', 'x'], '<id>'],
  ['empty ID', () => ['campaign', 'view', ''], '<id>'],
  ['blank advertiser ID', () => ['campaign', 'list', ' '], '[advertiserId]'],
  ['publication filter with a newline', () => ['slot', 'list', '--publication', 'a\nb'], '--publication'],
  ['slot create with a bad publication ID', () => slotCreate({ '--publication': 'x y' }), '--publication'],
];

describe('refused before sending: exit 2, the field named, nothing sent', () => {
  it.each(refused)('%s', async (_rule, argv, field) => {
    const run = await h.masg(argv());
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(field);
    expect(h.sent()).toEqual([]);
  });

  it.each(refused.slice(0, 3))('also in -o json, where the error is JSON naming the field: %s', async (_rule, argv, field) => {
    const run = await h.masg([...argv(), '-o', 'json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr).error).toMatchObject({ exitCode: 2, field });
    expect(h.sent()).toEqual([]);
  });

  it('refuses without needing credentials: validation comes before configuration', async () => {
    const run = await h.masg(create({ '--type': 'WATCH_APP' }), { env: { MASG_DEVELOPER_KEY: undefined, MASG_EMAIL: undefined } });
    expect(run.code).toBe(2);
    expect(h.sent()).toEqual([]);
  });

  it('flags the command does not have are usage errors too (--status on create, --type on update)', async () => {
    for (const argv of [
      create({ '--status': 'ACTIVE' }),
      ['pub', 'update', pub, '--type', 'IPAD_APP'],
      ['slot', 'update', slot, '--publication', pub],
    ]) {
      const run = await h.masg(argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/--status|--type|--publication/);
    }
    expect(h.sent()).toEqual([]);
  });
});

describe('accepted and normalised: what the service receives', () => {
  const accepted: Array<[string, () => string[], Record<string, string>]> = [
    [
      '"banner, text" is joined without spaces',
      () => slotCreate({ '--formats': 'banner, text', '--tags': ' a , b ' }),
      { formats: 'banner,text', tags: 'a,b' },
    ],
    [
      'formats case-folded, duplicates dropped',
      () => slotCreate({ '--formats': 'BANNER,banner,IAB300x250' }),
      { formats: 'banner,iab300x250' },
    ],
    ['languages lower-cased and trimmed', () => create({ '--languages': 'EN, Es' }), { languages: 'en,es' }],
    [
      'yes/no spelled as true/false',
      () => create({ '--transparent': 'yes', '--autoapprove': 'off' }),
      { transparent: 'true', autoapprove: 'false' },
    ],
    ['type case-insensitive', () => create({ '--type': 'ipad_app' }), { type: 'IPAD_APP' }],
    ['255 astral characters are 255, not 510', () => create({ '--name': '😀'.repeat(255) }), { name: '😀'.repeat(255) }],
    ['4096-character description', () => create({ '--description': long(4096) }), { description: long(4096) }],
    ['digits with leading zeros stay as typed', () => create({ '--requests': '0012' }), { requests: '0012' }],
    [
      'URL for a site type',
      () => create({ '--type': 'MOBILE_SITE', '--url': 'https://m.example.com/a?b=1' }),
      { url: 'https://m.example.com/a?b=1' },
    ],
    ['status case-insensitive', () => ['pub', 'update', pub, '--status', 'active'], { status: 'ACTIVE' }],
    ['update description may be empty', () => ['pub', 'update', pub, '--description', ''], { description: '' }],
  ];
  it.each(accepted)('%s', async (_rule, argv, params) => {
    const run = expectOk(await h.masg([...argv(), '-o', 'json']));
    expect(run.stdout).not.toBe('');
    const sent = h.sent().filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toMatchObject(params);
  });

  it('an unknown status filter in any case is sent in the service spelling', async () => {
    expectOk(await h.masg(['pub', 'list', '--status', 'Paused', '-o', 'csv']));
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', { status: 'PAUSED' }]]);
  });
});

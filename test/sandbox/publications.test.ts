import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, type Entity, errorOf, start, tags } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const create = (params: Record<string, string>, format = 'xml') =>
  call(sb, 'POST', `/publication/create.${format}`, { params: { type: 'IPHONE_APP', description: 'd', ...params } });

describe('publications', () => {
  it('create answers PENDING with defaults; the review step makes it ACTIVE on the next read', async () => {
    const r = await create({ name: 'New app' });
    expect(r.status).toBe(200);
    expect(tags(r.text, 'status')).toEqual(['PENDING']);
    expect(tags(r.text, 'transparent')).toEqual(['false']);
    expect(tags(r.text, 'autoapprove')).toEqual(['true']);
    expect(r.text).toContain('<languages/>\n');
    const id = tags(r.text, 'id')[0]!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await call(sb, 'GET', `/publication/${id}.xml`);
    expect(tags(again.text, 'status')).toEqual(['ACTIVE']);
  });

  it('autoapprove=false stays PENDING; requests/uniques are accepted and never returned', async () => {
    const r = await create({ name: 'Manual', autoapprove: 'false', requests: '1000', uniques: '20' }, 'json');
    const pub = r.json()['masg-response'];
    expect(pub).toMatchObject({ name: 'Manual', status: 'PENDING', autoapprove: false, transparent: false });
    expect(pub).not.toHaveProperty('requests');
    const view = await call(sb, 'GET', `/publication/${pub.id}.xml`);
    expect(tags(view.text, 'status')).toEqual(['PENDING']);
    expect(view.text).toContain('<requests/>\n<uniques/>\n');
  });

  it('create stores every field; JSON has booleans and leaves empty fields out', async () => {
    const r = await create(
      {
        name: 'Full',
        type: 'MOBILE_SITE',
        url: 'https://m.example/',
        reference: 'ref-1',
        transparent: 'true',
        languages: 'en,fr,en',
        autoapprove: 'true',
      },
      'json',
    );
    expect(r.json()['masg-response']).toEqual({
      id: expect.any(String),
      name: 'Full',
      description: 'd',
      type: 'MOBILE_SITE',
      reference: 'ref-1',
      url: 'https://m.example/',
      transparent: true,
      languages: 'en,fr',
      autoapprove: true,
      status: 'PENDING',
    });
    const bare = (await create({ name: 'Bare' }, 'json')).json()['masg-response'];
    expect(Object.keys(bare)).toEqual(['id', 'name', 'description', 'type', 'transparent', 'autoapprove', 'status']);
  });

  it('accepts production types and the spec types', async () => {
    for (const type of ['IPHONE_APP', 'IPAD_APP', 'ANDROID_APP', 'JAVA_APP', 'OTHER_APP']) {
      expect((await create({ name: type, type })).status).toBe(200);
    }
    expect((await create({ name: 's', type: 'IPHONE_SITE', url: 'https://x.example/' })).status).toBe(200);
    expect(errorOf(await create({ name: 't', type: 'WATCH_APP' }))).toEqual({
      code: 5000,
      description: 'No such PublicationType: WATCH_APP',
    });
    expect(errorOf(await create({ name: 't', type: 'MOBILE_SITE' }))).toEqual({
      code: 1500,
      description: 'Required parameter not provided: "url"',
    });
  });

  it('rejects bad values with production codes and texts', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 1500, 'Required parameter not provided: "name"'],
      [{ name: '' }, 1500, 'Required parameter not provided: "name"'],
      [{ name: 'x', description: '' }, 1500, 'Required parameter not provided: "description"'],
      [{ name: 'x', languages: 'en,xx' }, 5000, 'No such language: xx'],
      [{ name: 'x', languages: 'en, fr' }, 5000, 'No such language:  fr'],
      [{ name: 'x', languages: 'EN' }, 5000, 'No such language: EN'],
      [{ name: 'x', requests: '1,000' }, 5000, 'For input string: "1,000"'],
      [{ name: 'x', uniques: '-5' }, 5000, 'For input string: "-5"'],
      [{ name: 'x', transparent: 'yes' }, 5000, 'Invalid boolean value for transparent: "yes"'],
      [{ name: 'x', autoapprove: 'TRUE' }, 5000, 'Invalid boolean value for autoapprove: "TRUE"'],
      [{ name: '   ' }, 2002, 'Name must not be blank'],
    ];
    for (const [params, code, description] of cases) {
      const r = await create(params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(errorOf(r), JSON.stringify(params)).toEqual({ code, description });
    }
  });

  it('over-long values are cut silently, like production’s database', async () => {
    const r = await create({ name: `${'é'.repeat(254)}😀😀`, description: 'x'.repeat(5000) }, 'json');
    expect(r.status).toBe(200);
    const id = r.json()['masg-response'].id;
    const xml = (await call(sb, 'GET', `/publication/${id}.xml`)).text;
    expect(tags(xml, 'name')[0]).toBe(`${'&#233;'.repeat(254)}&#55357;&#56832;`);
    expect(tags(xml, 'description')[0]).toHaveLength(4096);
  });

  it('parameters from the query string of a POST work; JSON bodies are ignored', async () => {
    const r = await call(sb, 'POST', '/publication/create.xml?name=Q&type=OTHER_APP&description=d');
    expect(r.status).toBe(200);
    const j = await call(sb, 'POST', '/publication/create.xml', { body: JSON.stringify({ name: 'J' }), contentType: 'application/json' });
    expect(errorOf(j).code).toBe(1500);
    expect(sb.requests.at(-1)).toMatchObject({ params: {}, status: 400 });
  });

  it('list: sorted by name, status filter, unknown status is a Java enum error', async () => {
    const all = (await call(sb, 'GET', '/publication/list.json')).json()['masg-response'].map((p: Entity) => p.name);
    expect(all.length).toBeGreaterThan(10);
    expect(all).toEqual([...all].sort());
    const paused = (await call(sb, 'GET', '/publication/list.json', { params: { status: 'PAUSED' } })).json()['masg-response'];
    expect(paused.map((p: Entity) => p.name)).toEqual(['Puzzle "Quest", Deluxe']);
    expect((await call(sb, 'GET', '/publication/list.json', { params: { status: 'REJECTED' } })).json()).toEqual({ 'masg-response': [] });
    const bad = await call(sb, 'GET', '/publication/list.xml', { params: { status: 'active' } });
    expect(errorOf(bad)).toEqual({ code: 5000, description: 'No enum constant com.masg.domain.Publication.Status.active' });
    const other = (await call(sb, 'GET', '/publication/list.json', { auth: sb.other })).json()['masg-response'];
    expect(other.map((p: Entity) => p.name)).toEqual(['Other Account App']);
  });

  it('update applies fields; blank name is 2002; unknown 2000; another account 2001', async () => {
    const id = (await create({ name: 'Upd', languages: 'de' }, 'json')).json()['masg-response'].id;
    const r = await call(sb, 'POST', `/publication/${id}.json`, {
      params: { name: 'Upd 2', description: '', languages: '', type: 'ANDROID_APP', url: 'https://u.example/a' },
    });
    expect(r.json()['masg-response']).toMatchObject({ name: 'Upd 2', type: 'IPHONE_APP', url: 'https://u.example/a' });
    expect(r.json()['masg-response']).not.toHaveProperty('description');
    expect(r.json()['masg-response']).not.toHaveProperty('languages');
    expect(errorOf(await call(sb, 'POST', `/publication/${id}.xml`, { params: { name: ' ' } }))).toEqual({
      code: 2002,
      description: 'Name must not be blank',
    });
    const missing = await call(sb, 'POST', '/publication/nope.xml', { params: { name: 'x' } });
    expect([missing.status, errorOf(missing)]).toEqual([400, { code: 2000, description: 'No such Publication id: nope' }]);
    const otherId = (await call(sb, 'GET', '/publication/list.json', { auth: sb.other })).json()['masg-response'][0].id;
    for (const [method, path] of [
      ['POST', `/publication/${otherId}.xml`],
      ['GET', `/publication/${otherId}.xml`],
      ['GET', `/publication/${otherId}/statistics.xml?start=2024060100&end=2024060123`],
    ] as const) {
      const res = await call(sb, method, path, { params: method === 'POST' ? { name: 'mine' } : undefined });
      expect([res.status, errorOf(res)]).toEqual([400, { code: 2001, description: `Publication ${otherId} belongs to another account` }]);
    }
  });
});

describe('the status state machine', () => {
  async function inStatus(status: string): Promise<string> {
    const id = (await create({ name: `sm ${status}`, autoapprove: status === 'PENDING' ? 'false' : 'true' }, 'json')).json()[
      'masg-response'
    ].id;
    if (status === 'PAUSED' || status === 'STOPPED') await call(sb, 'POST', `/publication/${id}.xml`, { params: { status } });
    return id;
  }
  const table: Array<[string, string, string]> = [
    ['ACTIVE', 'PAUSED', 'PAUSED'],
    ['ACTIVE', 'STOPPED', 'STOPPED'],
    ['ACTIVE', 'ACTIVE', 'ACTIVE'],
    ['ACTIVE', 'PENDING', 'ACTIVE'],
    ['PAUSED', 'ACTIVE', 'ACTIVE'],
    ['PAUSED', 'STOPPED', 'STOPPED'],
    ['PAUSED', 'NEW', 'PAUSED'],
    ['STOPPED', 'ACTIVE', 'STOPPED'],
    ['STOPPED', 'PAUSED', 'STOPPED'],
    ['PENDING', 'ACTIVE', 'PENDING'],
    ['PENDING', 'PAUSED', 'PENDING'],
    ['PENDING', 'STOPPED', 'PENDING'],
  ];
  it.each(table)('%s → %s gives %s (HTTP 200 either way)', async (from, to, expected) => {
    const id = await inStatus(from);
    expect(tags((await call(sb, 'GET', `/publication/${id}.xml`)).text, 'status')).toEqual([from]);
    const r = await call(sb, 'POST', `/publication/${id}.xml`, { params: { status: to, reference: `moved-${to}` } });
    expect(r.status).toBe(200);
    expect(tags(r.text, 'status')).toEqual([expected]);
    // The other fields of an ignored move are still applied.
    expect(tags(r.text, 'reference')).toEqual([`moved-${to}`]);
  });

  it('an invalid status value is 5000 and changes nothing', async () => {
    const id = await inStatus('ACTIVE');
    const r = await call(sb, 'POST', `/publication/${id}.xml`, { params: { status: 'DELETED', name: 'changed' } });
    expect(errorOf(r)).toEqual({ code: 5000, description: 'No enum constant com.masg.domain.Publication.Status.DELETED' });
    expect(tags((await call(sb, 'GET', `/publication/${id}.xml`)).text, 'name')).toEqual(['sm ACTIVE']);
  });
});

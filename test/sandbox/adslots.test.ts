import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, demoIds, type Entity, errorOf, start, tags } from './helpers.js';

let sb: Sandbox;
let pub: string;
let otherPub: string;
beforeAll(async () => {
  sb = await start();
  pub = (await demoIds(sb)).pubs['demo-1'].id;
  otherPub = (await call(sb, 'GET', '/publication/list.json', { auth: sb.other })).json()['masg-response'][0].id;
});
afterAll(() => sb.close());

const create = (params: Record<string, string>, format = 'xml') =>
  call(sb, 'POST', `/adslot/create.${format}`, { params: { publication: pub, formats: 'banner', ...params } });

describe('ad slots', () => {
  it('create keeps tags and returns the slot; view and list show the same', async () => {
    const r = await create({ name: 'Tagged é', formats: 'banner,text', tags: 'sport,größe,x' }, 'json');
    const slot = r.json()['masg-response'];
    expect(slot).toEqual({ id: expect.any(String), publication: pub, name: 'Tagged é', formats: 'banner,text', tags: 'sport,größe,x' });
    const view = await call(sb, 'GET', `/adslot/${slot.id}.xml`);
    expect(view.text).toContain('<tags>sport,gr&#246;&#223;e,x</tags>');
    const list = (await call(sb, 'GET', '/adslot/list.json', { params: { publication: pub } })).json()['masg-response'];
    expect(list.find((s: Entity) => s.id === slot.id)).toEqual(slot);
    expect(list.every((s: Entity) => s.publication === pub)).toBe(true);
    expect(list.map((s: Entity) => s.name)).toEqual(list.map((s: Entity) => s.name).sort());
  });

  it('empty tags are <tags/> and absent from JSON; an empty format set is <formats/>', async () => {
    const r = await create({ name: 'No tags' });
    expect(r.text).toContain('<tags/>\n');
    const all = await call(sb, 'GET', '/adslot/list.xml');
    expect(all.text).toContain('<formats/>'); // the demo's "Game over" slot, set up in the console
    const json = (await call(sb, 'GET', '/adslot/list.json')).json()['masg-response'];
    expect(json.find((s: Entity) => s.name === 'Game over')).not.toHaveProperty('formats');
  });

  it('validates before authentication, with production texts', async () => {
    const cases: Array<[Record<string, string | undefined>, number, string]> = [
      [{ publication: undefined }, 1500, 'Required parameter not provided: "publication"'],
      [{ name: undefined }, 1500, 'Required parameter not provided: "name"'],
      [{ name: 'x', formats: undefined }, 1500, 'Required parameter not provided: "formats"'],
      [{ name: 'x', formats: 'banner, text' }, 5000, 'No such format:  text'],
      [{ name: 'x', formats: 'video' }, 5000, 'No such format: video'],
      [{ name: 'x', formats: 'Banner' }, 5000, 'No such format: Banner'],
      [{ name: 'x', publication: 'nope' }, 5000, 'No such Publication: nope'],
      [{ name: 'x', publication: otherPub }, 2001, `Publication ${otherPub} belongs to another account`],
    ];
    for (const [over, code, description] of cases) {
      const params = Object.fromEntries(
        Object.entries({ publication: pub, formats: 'banner', ...over }).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      const r = await call(sb, 'POST', '/adslot/create.xml', { params });
      expect([r.status, errorOf(r)], JSON.stringify(over)).toEqual([400, { code, description }]);
    }
  });

  it('update requires name (production), 2002 for a blank one, and replaces formats and tags', async () => {
    const id = (await create({ name: 'Upd', tags: 'a' }, 'json')).json()['masg-response'].id;
    expect(errorOf(await call(sb, 'POST', `/adslot/${id}.xml`, { params: { formats: 'text' } }))).toEqual({
      code: 1500,
      description: 'Required parameter not provided: "name"',
    });
    expect(errorOf(await call(sb, 'POST', `/adslot/${id}.xml`, { params: { name: '' } }))).toEqual({
      code: 2002,
      description: 'Name must not be blank',
    });
    expect(errorOf(await call(sb, 'POST', `/adslot/${id}.xml`, { params: { name: 'x', formats: '' } }))).toEqual({
      code: 5000,
      description: 'No such format: ',
    });
    const r = await call(sb, 'POST', `/adslot/${id}.json`, { params: { name: 'Upd 2', formats: 'iab300x250', tags: 'b,c' } });
    expect(r.json()['masg-response']).toMatchObject({ id, name: 'Upd 2', formats: 'iab300x250', tags: 'b,c' });
    const kept = await call(sb, 'POST', `/adslot/${id}.json`, { params: { name: 'Upd 3' } });
    expect(kept.json()['masg-response']).toMatchObject({ formats: 'iab300x250', tags: 'b,c' });
    const cleared = await call(sb, 'POST', `/adslot/${id}.json`, { params: { name: 'Upd 4', tags: '' } });
    expect(cleared.json()['masg-response']).not.toHaveProperty('tags');
  });

  it('unknown slot is 2000 "No such AdSpace id"; another account 2001; list by unknown publication 5000', async () => {
    for (const [method, path] of [
      ['GET', '/adslot/zzz.xml'],
      ['POST', '/adslot/zzz.xml'],
      ['GET', '/adslot/zzz/statistics.xml?start=2024060100&end=2024060123'],
    ] as const) {
      const r = await call(sb, method, path, { params: method === 'POST' ? { name: 'x' } : undefined });
      expect([r.status, errorOf(r)]).toEqual([400, { code: 2000, description: 'No such AdSpace id: zzz' }]);
    }
    const otherSlot = (await call(sb, 'GET', '/adslot/list.json', { auth: sb.other })).json()['masg-response'][0].id;
    expect(errorOf(await call(sb, 'GET', `/adslot/${otherSlot}.xml`))).toEqual({
      code: 2001,
      description: `AdSpace ${otherSlot} belongs to another account`,
    });
    expect(errorOf(await call(sb, 'GET', '/adslot/list.xml', { params: { publication: 'nope' } }))).toEqual({
      code: 5000,
      description: 'No such Publication: nope',
    });
    expect(errorOf(await call(sb, 'GET', '/adslot/list.xml', { params: { publication: otherPub } })).code).toBe(2001);
  });

  it('tags are split on "," without trimming; empty entries are dropped; a blank name is 2002 on create too', async () => {
    const r = await create({ name: 'Spaced', tags: 'a, b,,c ' }, 'json');
    expect(r.json()['masg-response'].tags).toBe('a, b,c ');
    expect(errorOf(await create({ name: '  ' }))).toEqual({ code: 2002, description: 'Name must not be blank' });
    const s = await call(sb, 'GET', '/publication/nope/statistics.xml', { params: { start: '2024060100', end: '2024060123' } });
    expect([s.status, errorOf(s)]).toEqual([400, { code: 2000, description: 'No such Publication id: nope' }]);
  });

  it('over-long names and tags are cut to 255 characters', async () => {
    const r = await create({ name: 'n'.repeat(300), tags: `${'t'.repeat(300)},ok` });
    expect(tags(r.text, 'name')[0]).toHaveLength(255);
    expect(tags(r.text, 'tags')[0]).toBe(`${'t'.repeat(255)},ok`);
  });
});

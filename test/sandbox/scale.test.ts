import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, type Entity, start } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ scale: { publications: 40, slotsPerPublication: 5, countries: 40 } });
});
afterAll(() => sb.close());

describe('scale mode', () => {
  it('gives the demo account the generated network instead of the hand-written one', async () => {
    const pubs = (await call(sb, 'GET', '/publication/list.json')).json()['masg-response'];
    expect(pubs.filter((p: Entity) => p.name.startsWith('Scale publication'))).toHaveLength(40);
    expect((await call(sb, 'GET', '/adslot/list.json')).json()['masg-response']).toHaveLength(200);
  });

  it('streams an ad slot × country report (chunked, no Content-Length), the same rows in XML and JSON', async () => {
    const q = { start: '2024061000', end: '2024061023', level: 'adslot', bycountry: 'true' };
    const xml = await call(sb, 'GET', '/publication/statistics.xml', { params: q });
    expect(xml.headers.get('content-length')).toBeNull();
    expect(xml.headers.get('transfer-encoding')).toBe('chunked');
    const rows = xml.text.match(/<statistics>/g)!.length;
    expect(rows).toBeGreaterThan(200 * 40 * 0.4);
    expect(rows).toBeLessThan(200 * 40 * 0.7);
    const json = (await call(sb, 'GET', '/publication/statistics.json', { params: q })).json()['masg-response'];
    const jsonRows = Object.values(json).flatMap((p: object) => Object.values(p).flatMap((s: object) => Object.keys(s)));
    expect(jsonRows).toHaveLength(rows);
    expect(xml.text.endsWith('</masg-response>\n')).toBe(true);
  });
});

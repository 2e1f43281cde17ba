// Every endpoint answers in both formats, with the production content types and a success root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, demoIds, start } from './helpers.js';

let sb: Sandbox;
let endpoints: Array<[string, 'GET' | 'POST', string, Record<string, string>]>;
beforeAll(async () => {
  sb = await start();
  const { pubs, slots, advertisers } = await demoIds(sb);
  const pub = pubs['demo-1'].id;
  const slot = slots.find((s) => s.publication === pub).id;
  const adv = advertisers[0].id;
  const campaign = (await call(sb, 'GET', `/advertiser/${adv}/campaigns/list.json`)).json()['masg-response'][0].id;
  const range = { start: '2024061000', end: '2024061023' };
  endpoints = [
    ['list publications', 'GET', '/publication/list', {}],
    ['create publication', 'POST', '/publication/create', { name: 'e', type: 'OTHER_APP', description: 'd' }],
    ['view publication', 'GET', `/publication/${pub}`, {}],
    ['update publication', 'POST', `/publication/${pub}`, { reference: 'r' }],
    ['all publication statistics', 'GET', '/publication/statistics', range],
    ['publication statistics', 'GET', `/publication/${pub}/statistics`, { ...range, level: 'adslot', bycountry: 'true' }],
    ['list ad slots', 'GET', '/adslot/list', { publication: pub }],
    ['create ad slot', 'POST', '/adslot/create', { publication: pub, name: 'e', formats: 'text' }],
    ['view ad slot', 'GET', `/adslot/${slot}`, {}],
    ['update ad slot', 'POST', `/adslot/${slot}`, { name: 'renamed' }],
    ['ad slot statistics', 'GET', `/adslot/${slot}/statistics`, { ...range, bycountry: 'true' }],
    ['list advertisers', 'GET', '/advertisers/list', {}],
    ['list campaigns', 'GET', `/advertiser/${adv}/campaigns/list`, {}],
    ['view campaign', 'GET', `/campaign/${campaign}`, {}],
    ['campaign statistics', 'GET', `/campaign/${campaign}/statistics`, range],
  ];
});
afterAll(() => sb.close());

describe('every endpoint in both formats', () => {
  it('answers 200 with text/xml and ISO-8859-1 JSON', async () => {
    expect(endpoints).toHaveLength(15);
    for (const [name, method, path, params] of endpoints) {
      const xml = await call(sb, method, `${path}.xml`, { params });
      expect([name, xml.status, xml.type]).toEqual([name, 200, 'text/xml']);
      expect(xml.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<(masg-response|campaign)>\n/);
      const json = await call(sb, method, `${path}.json`, { params });
      expect([name, json.status, json.type]).toEqual([name, 200, 'application/json;charset=ISO-8859-1']);
      const body = json.json();
      expect(Object.keys(body), name).toEqual([name === 'view campaign' ? 'campaign' : 'masg-response']);
    }
  });
});

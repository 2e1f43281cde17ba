import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, type Entity, errorOf, start, tags } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const advertisers = async (s = sb) => (await call(s, 'GET', '/advertisers/list.json')).json()['masg-response'] as Entity[];

describe('advertisers and campaigns', () => {
  it('lists advertisers sorted by name, empty values as <x></x> and ""', async () => {
    const xml = await call(sb, 'GET', '/advertisers/list.xml');
    expect(xml.type).toBe('text/xml');
    expect(tags(xml.text, 'name')).toEqual(['Acme Outdoor', 'B&#228;ckerei Schmidt']);
    expect(xml.text).toContain('<dailyBudget></dailyBudget>');
    const json = await advertisers();
    expect(json[1]).toEqual({
      id: expect.any(String),
      name: 'Bäckerei Schmidt',
      status: 'INACTIVE',
      dailyBudget: '',
      balance: '0.00',
      notifyLimit: '50.00',
    });
    expect(json.map((a) => a.status)).toEqual(['ACTIVE', 'INACTIVE']);
  });

  it('lists the campaigns of an advertiser with all production fields', async () => {
    const [acme] = await advertisers();
    const list = (await call(sb, 'GET', `/advertiser/${acme.id}/campaigns/list.json`)).json()['masg-response'];
    expect(list.map((c: Entity) => c.name)).toEqual(['Brand Awareness', 'Holiday Teaser', 'Spring Sale', 'Summer Clicks']);
    expect(Object.keys(list[0])).toEqual([
      'id',
      'name',
      'status',
      'description',
      'advertiser',
      'budgetType',
      'startDate',
      'endDate',
      'activationDate',
      'deactivationDate',
      'dailyBudget',
      'overallBudget',
      'dailyBudgetWeekday',
      'dailyBudgetWeekend',
    ]);
    expect(new Set(list.map((c: Entity) => c.budgetType))).toEqual(new Set(['MONETARY', 'IMPRESSIONS', 'CLICKS']));
    expect(list.every((c: Entity) => c.advertiser === acme.id)).toBe(true);
    expect(list.find((c: Entity) => c.name === 'Spring Sale').startDate).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/);
    expect(list.find((c: Entity) => c.name === 'Holiday Teaser')).toMatchObject({ startDate: '', endDate: '', dailyBudget: '' });
    const xml = await call(sb, 'GET', `/advertiser/${acme.id}/campaigns/list.xml`);
    expect(xml.text).toContain('<endDate></endDate>');
  });

  it('campaign view: root <campaign> without wrapper (production), wrapped in the spec flavour', async () => {
    const [acme] = await advertisers();
    const [c] = (await call(sb, 'GET', `/advertiser/${acme.id}/campaigns/list.json`)).json()['masg-response'];
    const xml = await call(sb, 'GET', `/campaign/${c.id}.xml`);
    expect(xml.text.split('\n').slice(0, 3)).toEqual(['<?xml version="1.0" encoding="UTF-8"?>', '<campaign>', `<id>${c.id}</id>`]);
    expect((await call(sb, 'GET', `/campaign/${c.id}.json`)).json()).toEqual({ campaign: c });
    const spec = await start({ flavor: 'spec' });
    try {
      const [a] = await advertisers(spec);
      const [sc] = (await call(spec, 'GET', `/advertiser/${a.id}/campaigns/list.json`)).json()['masg-response'];
      expect((await call(spec, 'GET', `/campaign/${sc.id}.xml`)).text).toContain('<masg-response>\n<campaign>\n');
      expect((await call(spec, 'GET', `/campaign/${sc.id}.json`)).json()).toEqual({ 'masg-response': sc });
    } finally {
      await spec.close();
    }
  });

  it('not found: 2000 (campaign view: HTTP 404); another account: 1600, but the view hides it behind the 404', async () => {
    const v = await call(sb, 'GET', '/campaign/nope.xml');
    expect([v.status, errorOf(v)]).toEqual([404, { code: 2000, description: 'Campaign nope not found' }]);
    const s = await call(sb, 'GET', '/campaign/nope/statistics.json', { params: { start: '2024060100', end: '2024060123' } });
    expect([s.status, errorOf(s)]).toEqual([400, { code: 2000, description: 'Campaign nope not found' }]);
    const a = await call(sb, 'GET', '/advertiser/nope/campaigns/list.xml');
    expect([a.status, errorOf(a)]).toEqual([400, { code: 2000, description: 'Advertiser nope not found' }]);
    const [otherAdv] = (await call(sb, 'GET', '/advertisers/list.json', { auth: sb.other })).json()['masg-response'];
    const mine = await call(sb, 'GET', `/advertiser/${otherAdv.id}/campaigns/list.xml`);
    expect([mine.status, errorOf(mine)]).toEqual([
      400,
      { code: 1600, description: `Advertiser ${otherAdv.id} belongs to another account` },
    ]);
    const [oc] = (await call(sb, 'GET', `/advertiser/${otherAdv.id}/campaigns/list.json`, { auth: sb.other })).json()['masg-response'];
    // Production does not reveal that another account's campaign exists: the very answer an
    // unknown ID gets, in both formats.
    for (const format of ['xml', 'json']) {
      const view = await call(sb, 'GET', `/campaign/${oc.id}.${format}`);
      const unknownId = `${oc.id.slice(0, -1)}${oc.id.endsWith('0') ? '1' : '0'}`;
      const unknown = await call(sb, 'GET', `/campaign/${unknownId}.${format}`);
      expect([view.status, errorOf(view)]).toEqual([404, { code: 2000, description: `Campaign ${oc.id} not found` }]);
      expect(view.text.replace(oc.id, 'ID')).toBe(unknown.text.replace(unknownId, 'ID'));
      expect(view.type).toBe(unknown.type);
    }
    // Its statistics still say 1600 (production's campaign statistics check ownership openly).
    const stats = await call(sb, 'GET', `/campaign/${oc.id}/statistics.xml`, { params: { start: '2024060100', end: '2024060123' } });
    expect([stats.status, errorOf(stats).code]).toEqual([400, 1600]);
  });
});

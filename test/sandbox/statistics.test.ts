import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, demoIds, errorOf, start, tags } from './helpers.js';

let sb: Sandbox;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  sb = await start();
  ids = await demoIds(sb);
});
afterAll(() => sb.close());

// NOW is 2024-06-15 12:34 UTC = 08:34 in the demo account's zone (America/New_York).
const DAY = { start: '2024061000', end: '2024061023' };
const get = (path: string, params: Record<string, string>, s = sb) => call(s, 'GET', path, { params });
const json = async (path: string, params: Record<string, string>, s = sb) => (await get(path, params, s)).json()['masg-response'];

type Row = { requests: number; impressions: number; clicks: number; earnings: { currency: string; amount: string } };
const cents = (r: Row) => Math.round(Number(r.earnings.amount) * 100);
function add(rows: Row[]) {
  return rows.reduce(
    (t, r) => ({
      requests: t.requests + r.requests,
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      cents: t.cents + cents(r),
    }),
    { requests: 0, impressions: 0, clicks: 0, cents: 0 },
  );
}
const total = (r: Row) => add([r]);

describe('publisher statistics', () => {
  it('all publications, level=publication: ID-keyed JSON, same numbers as XML, integers and string amounts', async () => {
    const j = await json('/publication/statistics.json', DAY);
    const cafe = ids.pubs['demo-1'].id;
    expect(j[cafe]).toEqual({
      requests: expect.any(Number),
      impressions: expect.any(Number),
      clicks: expect.any(Number),
      earnings: { currency: 'USD', amount: expect.stringMatching(/^\d+\.\d\d$/) },
    });
    const x = (await get('/publication/statistics.xml', DAY)).text;
    expect(tags(x, 'id')).toEqual(Object.keys(j));
    expect(tags(x, 'requests').map(Number)).toEqual(Object.values(j).map((r: Row) => r.requests));
    expect(x).toContain('<statistics>\n<requests>');
    // PENDING (never approved) and the stopped publication have no traffic on that day: omitted.
    expect(j).not.toHaveProperty(ids.pubs['demo-5'].id);
    expect(j).not.toHaveProperty(ids.pubs['demo-4'].id);
  });

  it('a publication is the sum of its ad slots, and of its countries', async () => {
    const pub = ids.pubs['demo-1'].id;
    const byPub = (await json('/publication/statistics.json', DAY))[pub];
    const bySlot = (await json('/publication/statistics.json', { ...DAY, level: 'adslot' }))[pub];
    expect(Object.keys(bySlot)).toHaveLength(3);
    expect(add(Object.values(bySlot) as Row[])).toEqual(total(byPub));
    const byCountry = (await json('/publication/statistics.json', { ...DAY, bycountry: 'true' }))[pub];
    expect(Object.keys(byCountry).length).toBeGreaterThan(5);
    expect(Object.keys(byCountry).length).toBeLessThan(40); // some countries send nothing
    expect(add(Object.values(byCountry) as Row[])).toEqual(total(byPub));
    const both = (await json('/publication/statistics.json', { ...DAY, level: 'adslot', bycountry: 'true' }))[pub];
    expect(add(Object.values(both).flatMap((c: object) => Object.values(c)) as Row[])).toEqual(total(byPub));
    for (const r of [...Object.values(byCountry)] as Row[]) expect(r.requests >= r.impressions && r.impressions >= r.clicks).toBe(true);
  });

  it('XML shapes: country first in each statistics, adslot elements nested in publications', async () => {
    const pub = ids.pubs['demo-1'].id;
    const x = (await get(`/publication/${pub}/statistics.xml`, { ...DAY, level: 'adslot', bycountry: 'true' })).text;
    expect(x).toMatch(
      /^<\?xml[^\n]*\n<masg-response>\n<publication>\n<id>[^<]+<\/id>\n<adslot>\n<id>[^<]+<\/id>\n<statistics>\n<country>[A-Z]{2}<\/country>\n<requests>/,
    );
    expect(x).toContain('<earnings>\n<currency>USD</currency>\n<amount>');
  });

  it('single publication and ad slot endpoints drop the outermost JSON level', async () => {
    const pub = ids.pubs['demo-1'].id;
    const all = await json('/publication/statistics.json', { ...DAY, level: 'adslot', bycountry: 'true' });
    expect(await json(`/publication/${pub}/statistics.json`, { ...DAY, level: 'adslot', bycountry: 'true' })).toEqual(all[pub]);
    expect(await json(`/publication/${pub}/statistics.json`, DAY)).toEqual((await json('/publication/statistics.json', DAY))[pub]);
    const slot = Object.keys(all[pub])[0]!;
    const flat = await json(`/adslot/${slot}/statistics.json`, DAY);
    expect(Object.keys(flat)).toEqual(['requests', 'impressions', 'clicks', 'earnings']);
    expect(await json(`/adslot/${slot}/statistics.json`, { ...DAY, bycountry: 'true', level: 'ignored' })).toEqual(all[pub][slot]);
  });

  it('a range equals the sum of its days, and a day the sum of its hours', async () => {
    const pub = ids.pubs['demo-2'].id;
    const range = await json(`/publication/${pub}/statistics.json`, { start: '2024060800', end: '2024061023', bycountry: 'true' });
    const days = await Promise.all(
      ['20240608', '20240609', '20240610'].map((d) =>
        json(`/publication/${pub}/statistics.json`, { start: `${d}00`, end: `${d}23`, bycountry: 'true' }),
      ),
    );
    for (const cc of Object.keys(range)) expect(add(days.map((d) => d[cc]).filter(Boolean))).toEqual(total(range[cc]));
    const slot = ids.slots.find((s) => s.publication === pub).id;
    const day = await json(`/adslot/${slot}/statistics.json`, { start: '2024060900', end: '2024060923' });
    const hours = await Promise.all(
      Array.from({ length: 24 }, (_, h) => {
        const hh = `20240609${String(h).padStart(2, '0')}`;
        return call(sb, 'GET', `/adslot/${slot}/statistics.json`, { params: { start: hh, end: hh } }).then(
          (r) => r.json()['masg-response'],
        );
      }),
    );
    const withData = hours.filter((h) => Object.keys(h).length > 0);
    expect(add(withData)).toEqual(total(day));
    expect(withData.length).toBeGreaterThan(12);
  });

  it('is deterministic: same seed, same bytes; another seed, other numbers', async () => {
    const path = '/publication/statistics.xml';
    const params = { start: '2024060100', end: '2024061423', level: 'adslot', bycountry: 'true' };
    const twin = await start();
    const other = await start({ seed: 2 });
    try {
      const a = (await get(path, params)).text;
      expect((await get(path, params, twin)).text).toBe(a);
      expect((await get(path, params)).text).toBe(a);
      expect(tags((await get(path, params, other)).text, 'requests')).not.toEqual(tags(a, 'requests'));
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });

  it('traffic only while ACTIVE: none before creation, none for future hours, none after a pause', async () => {
    const empty = '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n</masg-response>\n';
    expect((await get('/publication/statistics.xml', { start: '2020010100', end: '2020013123' })).text).toBe(empty);
    expect((await get('/publication/statistics.xml', { start: '2024061509', end: '2024061623' })).text).toBe(empty);
    expect(Object.keys(await json('/publication/statistics.json', { start: '2024061508', end: '2024061508' }))).toEqual([]);
    expect(Object.keys(await json('/publication/statistics.json', { start: '2024061507', end: '2024061507' })).length).toBeGreaterThan(0);
    const paused = ids.pubs['demo-3'].id; // paused 12 days before NOW
    expect(await json(`/publication/${paused}/statistics.json`, { start: '2024060700', end: '2024061423' })).toEqual({});
    expect(Object.keys(await json(`/publication/${paused}/statistics.json`, { start: '2024052000', end: '2024052023' }))).not.toHaveLength(
      0,
    );
    // A reversed range is not an error, just empty (no start ≤ end check in production).
    expect((await get('/publication/statistics.xml', { start: '2024061023', end: '2024061000' })).text).toBe(empty);
  });

  it('a new ad slot has statistics from its creation hour on', async () => {
    let now = new Date('2024-06-15T12:34:00Z');
    const s = await start({ now: () => now });
    try {
      const { pubs } = await demoIds(s);
      const slot = (
        await call(s, 'POST', '/adslot/create.json', { params: { publication: pubs['demo-1'].id, name: 'fresh', formats: 'banner' } })
      ).json()['masg-response'].id;
      const q = { start: '2024061500', end: '2024061623', bycountry: 'true' };
      expect(await json(`/adslot/${slot}/statistics.json`, q, s)).toHaveProperty('OO');
      now = new Date('2024-06-16T02:00:00Z');
      const later = await json(`/adslot/${slot}/statistics.json`, q, s);
      expect(later).not.toHaveProperty('OO');
      expect(Object.keys(later).length).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });

  it('no-data quirks of the ad slot endpoint: empty body, or slot "0" in country "OO" with bycountry', async () => {
    const slot = ids.slots.find((x) => x.publication === ids.pubs['demo-5'].id).id; // PENDING publication
    const plain = await get(`/adslot/${slot}/statistics.xml`, DAY);
    expect(plain.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n</masg-response>\n');
    expect(await json(`/adslot/${slot}/statistics.json`, DAY)).toEqual({});
    const oo = await get(`/adslot/${slot}/statistics.xml`, { ...DAY, bycountry: 'true' });
    expect(oo.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n<adslot>\n<id>0</id>\n<statistics>\n<country>OO</country>\n' +
        '<requests>0</requests>\n<impressions>0</impressions>\n<clicks>0</clicks>\n<earnings>\n<currency>USD</currency>\n<amount>0.00</amount>\n</earnings>\n' +
        '</statistics>\n</adslot>\n</masg-response>\n',
    );
    expect(await json(`/adslot/${slot}/statistics.json`, { ...DAY, bycountry: 'true' })).toEqual({
      OO: { requests: 0, impressions: 0, clicks: 0, earnings: { currency: 'USD', amount: '0.00' } },
    });
  });

  it('"-0.00": a row with traffic but no earnings; the all-zero placeholder keeps "0.00"', async () => {
    const q = { ...DAY, level: 'adslot', bycountry: 'true' };
    const j = await json('/publication/statistics.json', q);
    const rows = Object.values(j).flatMap((p: object) => Object.values(p).flatMap((s: object) => Object.values(s))) as Row[];
    const negZero = rows.filter((r) => r.earnings.amount === '-0.00');
    expect(negZero.length).toBeGreaterThan(0);
    for (const r of negZero) expect(r.requests).toBeGreaterThan(0);
    expect(rows.filter((r) => r.earnings.amount === '0.00')).toEqual([]);
    const x = (await get('/publication/statistics.xml', q)).text;
    expect(tags(x, 'amount').filter((a) => a === '-0.00')).toHaveLength(negZero.length);
  });

  it('the spec flavour writes ad slot earnings as a bare decimal', async () => {
    const spec = await start({ flavor: 'spec' });
    try {
      const slot = (await demoIds(spec)).slots.find((x) => x.name === 'Header banner').id;
      const x = (await get(`/adslot/${slot}/statistics.xml`, DAY, spec)).text;
      expect(x).toMatch(/<earnings>\d+\.\d\d<\/earnings>/);
      expect((await json(`/adslot/${slot}/statistics.json`, DAY, spec)).earnings).toMatch(/^\d+\.\d\d$/);
    } finally {
      await spec.close();
    }
  });

  // Production parses stamps with Java's lenient SimpleDateFormat("yyyyMMddHH") (java-stamp.ts,
  // checked against Java in java-stamp.test.ts): each odd stamp answers 200 with exactly the
  // figures of the hour production reads from it.
  it.each([
    ['2024043112', '2024050112', 'April 31 is 1 May'],
    ['2024053124', '2024060100', 'hour 24 is the next day'],
    ['202406011', '2024060101', '9 digits'],
    ['202406010048', '2024060300', '12 digits: hour 48'],
    ['2024060112xyz', '2024060112', 'trailing garbage'],
    ['2024 5 110', '2024050110', 'a space inside a field counts towards its width'],
  ])('lenient stamp %s reads as %s (%s), in start and in end, on every endpoint', async (odd, canonical) => {
    const range = (a: string, b: string) => ({ start: a, end: b });
    const campaign = (await json(`/advertiser/${ids.advertisers[0].id}/campaigns/list.json`, {}))[0].id;
    const slot = ids.slots[0].id;
    for (const path of ['/publication/statistics.json', `/adslot/${slot}/statistics.json`, `/campaign/${campaign}/statistics.json`]) {
      for (const [q, same] of [
        [range(odd, '2024061423'), range(canonical, '2024061423')],
        [range('2023010100', odd), range('2023010100', canonical)],
      ] as const) {
        const r = await get(path, q);
        expect(r.status, `${path} ${JSON.stringify(q)}`).toBe(200);
        expect(r.json(), `${path} ${JSON.stringify(q)}`).toEqual((await get(path, same)).json());
      }
    }
    const reversed = await json('/publication/statistics.json', range(odd, '2023010100'));
    expect(reversed).toEqual({});
  });

  it('parameter errors: 1500 for missing start/end, 5000 for bad stamps, booleans and levels', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ end: '2024061023' }, 1500, 'Required parameter not provided: "start"'],
      [{ start: '2024061000' }, 1500, 'Required parameter not provided: "end"'],
      [{ start: '20240610', end: '2024061023' }, 5000, 'Unparseable date: "20240610"'],
      [{ start: '2024061000', end: '2024061' }, 5000, 'Unparseable date: "2024061"'],
      [{ start: 'June 10', end: '2024061023' }, 5000, 'Unparseable date: "June 10"'],
      [{ ...DAY, bycountry: 'yes' }, 5000, 'Invalid boolean value for bycountry: "yes"'],
      [{ ...DAY, level: 'ADSLOT' }, 5000, 'No such level: ADSLOT'],
    ];
    for (const [params, code, description] of cases)
      expect(errorOf(await get('/publication/statistics.xml', params)), JSON.stringify(params)).toEqual({ code, description });
  });
});

describe('campaign statistics', () => {
  async function campaigns(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const a of ids.advertisers) {
      for (const c of await json(`/advertiser/${a.id}/campaigns/list.json`, {})) out[c.name] = c.id;
    }
    return out;
  }

  it('JSON without the campaign level, XML with it; conversions, ratios and money objects; range = sum of days', async () => {
    const c = (await campaigns())['Spring Sale']!;
    const week = { start: '2024060300', end: '2024060923' };
    const j = await json(`/campaign/${c}/statistics.json`, { ...week, bycountry: 'true', level: 'adslot' });
    // One campaign per request: production drops the campaign level, the metrics are the root.
    expect(Object.keys(j)).toEqual([
      'impressions',
      'clicks',
      'conversions',
      'conversionsPercent',
      'CTR',
      'ECPM',
      'costPerConversion',
      'spend',
    ]);
    const x = (await get(`/campaign/${c}/statistics.xml`, week)).text;
    expect(x).toContain(`<campaign>\n<id>${c}</id>\n<statistics>\n<impressions>${j.impressions}</impressions>`);
    expect(x).toContain(`<CTR>\n<currency>USD</currency>\n<amount>${j.CTR.amount}</amount>\n</CTR>`);
    const days = await Promise.all(
      Array.from({ length: 7 }, (_, i) => {
        const d = `202406${String(3 + i).padStart(2, '0')}`;
        return json(`/campaign/${c}/statistics.json`, { start: `${d}00`, end: `${d}23` });
      }),
    );
    const sum = (k: string) => days.reduce((t, d) => t + (k === 'spend' ? Math.round(Number(d.spend.amount) * 100) : d[k]), 0);
    expect([sum('impressions'), sum('clicks'), sum('conversions'), sum('spend')]).toEqual([
      j.impressions,
      j.clicks,
      j.conversions,
      Math.round(Number(j.spend.amount) * 100),
    ]);
    const ratio = (n: number, d: number) => (Math.round((n / d) * 100) / 100).toFixed(2);
    expect(j.CTR.amount).toBe(ratio(j.clicks, j.impressions));
    expect(j.conversionsPercent).toBe(ratio(j.conversions * 100, j.clicks));
  });

  it('bycountry and level are ignored, whatever their value; another account is 1600', async () => {
    const c = (await campaigns())['Spring Sale']!;
    const week = { start: '2024060300', end: '2024060923' };
    const plain = await json(`/campaign/${c}/statistics.json`, week);
    expect(await json(`/campaign/${c}/statistics.json`, { ...week, bycountry: 'maybe', level: 'ADSLOT' })).toEqual(plain);
    const otherAdv = (await call(sb, 'GET', '/advertisers/list.json', { auth: sb.other })).json()['masg-response'][0].id;
    const oc = (await call(sb, 'GET', `/advertiser/${otherAdv}/campaigns/list.json`, { auth: sb.other })).json()['masg-response'][0].id;
    const r = await get(`/campaign/${oc}/statistics.xml`, week);
    expect([r.status, errorOf(r)]).toEqual([400, { code: 1600, description: `Campaign ${oc} belongs to another account` }]);
  });

  it('no conversions: cost per conversion is ∞ (&#8734; in XML, "?" in JSON); never served: empty', async () => {
    const all = await campaigns();
    const q = { start: '2024050100', end: '2024053123' };
    let infinite = 0;
    for (const id of Object.values(all)) {
      const j = await json(`/campaign/${id}/statistics.json`, q);
      if (j.conversions === 0) {
        infinite++;
        expect(j.costPerConversion.amount).toBe('?');
        expect((await get(`/campaign/${id}/statistics.xml`, q)).text).toContain(
          '<costPerConversion>\n<currency>USD</currency>\n<amount>&#8734;</amount>',
        );
      }
    }
    expect(infinite).toBeGreaterThan(0);
    expect(await json(`/campaign/${all['Holiday Teaser']}/statistics.json`, q)).toEqual({});
    expect((await get(`/campaign/${all['Holiday Teaser']}/statistics.xml`, q)).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n</masg-response>\n',
    );
    expect(errorOf(await get(`/campaign/${all['Holiday Teaser']}/statistics.xml`, { start: '2024050100' })).code).toBe(1500);
  });
});

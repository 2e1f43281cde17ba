// Cross-check against the sandbox, an independent writer of both formats: for every shape the
// streamed XML records equal the JSON records (after the IDs JSON leaves out are filled from the
// query, as toRow does), and production's no-data forms give zero records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { StatsRecord, StatsShape } from '../../src/endpoints/stats-shapes.js';
import { parseStatsJson } from '../helpers/stats-json.js';
import { statsRecords } from '../../src/endpoints/stats-stream.js';

let sb: Sandbox;
let auth: string;
const ids = { publication: '', adslot: '', campaign: '' };
const now = new Date('2026-11-20T12:00:00Z');
const RANGE = 'start=2026111800&end=2026111923';
const FUTURE = 'start=2027010100&end=2027010123';

async function get(path: string): Promise<Response> {
  const res = await fetch(`${sb.url}/${path}`, { headers: { authorization: auth } });
  expect(res.status, path).toBe(200);
  return res;
}

async function xmlRecords(path: string, shape: StatsShape): Promise<StatsRecord[]> {
  const res = await get(path);
  const out: StatsRecord[] = [];
  for await (const r of statsRecords(res.body!, shape)) out.push(r);
  return out;
}

async function jsonRecords(path: string, shape: StatsShape, fill: Partial<StatsRecord>): Promise<StatsRecord[]> {
  const body = new TextDecoder('latin1').decode(await (await get(path)).arrayBuffer());
  return parseStatsJson(body, shape).map((r) => ({ ...fill, ...r }));
}

beforeAll(async () => {
  sb = await startSandbox({ now: () => now });
  auth = `Basic ${Buffer.from(`${sb.demo.email}:${sb.demo.key}`).toString('base64')}`;
  const list = async (path: string) => (await (await get(path)).json())['masg-response'] as { id: string }[];
  const slots = await list('adslot/list.json');
  const slot = slots[0]!;
  ids.adslot = slot.id;
  ids.publication = (slot as unknown as { publication: string }).publication;
  const advertisers = await list('advertisers/list.json');
  for (const a of advertisers) {
    const campaigns = (await list(`advertiser/${a.id}/campaigns/list.json`)) as unknown as { id: string; status: string }[];
    const active = campaigns.find((c) => c.status === 'ACTIVE');
    if (active !== undefined) ids.campaign = active.id; // only an active campaign has recent traffic
  }
});

afterAll(async () => {
  await sb?.close();
});

const cases: [string, (q: string) => string, StatsShape, () => Partial<StatsRecord>][] = [];
for (const level of ['publication', 'adslot'] as const) {
  for (const byCountry of [false, true]) {
    const params = (q: string) => `${q}&level=${level}&bycountry=${byCountry}`;
    cases.push([
      `all publications, ${level}, bycountry=${byCountry}`,
      (q) => `publication/statistics.FMT?${params(q)}`,
      { endpoint: 'publications', level, byCountry },
      () => ({}),
    ]);
    cases.push([
      `one publication, ${level}, bycountry=${byCountry}`,
      (q) => `publication/${ids.publication}/statistics.FMT?${params(q)}`,
      { endpoint: 'publication', level, byCountry },
      () => ({ publication: ids.publication }),
    ]);
  }
}
for (const byCountry of [false, true]) {
  cases.push([
    `ad slot, bycountry=${byCountry}`,
    (q) => `adslot/${ids.adslot}/statistics.FMT?${q}&bycountry=${byCountry}`,
    { endpoint: 'adslot', byCountry },
    () => ({ adslot: ids.adslot }),
  ]);
}
cases.push([
  'campaign',
  (q) => `campaign/${ids.campaign}/statistics.FMT?${q}`,
  { endpoint: 'campaign' },
  () => ({ campaign: ids.campaign }),
]);

describe('sandbox: XML stream and JSON agree for every shape', () => {
  it.each(cases)('%s', async (_, path, shape, fill) => {
    const xml = await xmlRecords(path(RANGE).replace('FMT', 'xml'), shape);
    const json = await jsonRecords(path(RANGE).replace('FMT', 'json'), shape, fill());
    expect(xml.length).toBeGreaterThan(0);
    expect(json).toEqual(xml.map((r) => ({ ...fill(), ...r })));
  });

  it.each(cases)('%s: no data is zero records', async (_, path, shape, fill) => {
    expect(await xmlRecords(path(FUTURE).replace('FMT', 'xml'), shape)).toEqual([]);
    expect(await jsonRecords(path(FUTURE).replace('FMT', 'json'), shape, fill())).toEqual([]);
  });
});

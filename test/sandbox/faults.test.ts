import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFaults, type Sandbox } from '../../src/sandbox/index.js';
import { call, demoIds, type Entity, errorOf, start } from './helpers.js';

let sb: Sandbox;
let pub: string;
beforeAll(async () => {
  sb = await start();
  pub = (await demoIds(sb)).pubs['demo-1'].id;
});
afterAll(() => sb.close());

const slotNames = async () => (await call(sb, 'GET', '/adslot/list.json')).json()['masg-response'].map((s: Entity) => s.name) as string[];
const createSlot = (name: string) => call(sb, 'POST', '/adslot/create.xml', { params: { publication: pub, name, formats: 'banner' } });

describe('parseFaults (the --faults string)', () => {
  it('reads rates, latency, retry-after, seed and path', () => {
    expect(parseFaults('503=0.2,429=0.1,drop=0.05,truncate=0.05')).toEqual({
      rates: { '503': 0.2, '429': 0.1, drop: 0.05, truncate: 0.05 },
    });
    expect(parseFaults('drop-after,latency=100-300,retry-after=7,seed=3,path=/adslot/')).toEqual({
      rates: { 'drop-after': 1 },
      latencyMs: [100, 300],
      retryAfter: 7,
      seed: 3,
      path: '/adslot/',
    });
  });
  it.each(['503=2', 'boom=0.1', '429=', 'latency=fast', 'latency=300-100', 'seed=x'])('rejects %s', (text) => {
    expect(() => parseFaults(text)).toThrow();
  });
});

describe('deterministic faults (next, path filter)', () => {
  it('drop: the connection closes before handling; nothing changes', async () => {
    sb.setFaults({ next: ['drop'], path: '/adslot/create' });
    await expect(createSlot('dropped')).rejects.toThrow();
    expect(sb.requests.at(-1)).toMatchObject({ path: '/adslot/create.xml', fault: 'drop', status: 0 });
    expect(await slotNames()).not.toContain('dropped');
  });

  it('drop-after: no answer, but the change was applied (outcome unknown to the client)', async () => {
    sb.setFaults({ next: ['drop-after'], path: '/adslot/create' });
    await expect(createSlot('applied')).rejects.toThrow();
    expect(await slotNames()).toContain('applied');
  });

  it('reset: the connection is reset', async () => {
    sb.setFaults({ next: ['reset'] });
    await expect(call(sb, 'GET', '/publication/list.xml')).rejects.toThrow();
  });

  it('503, 429 with Retry-After and the proxy 502 are HTML pages, and nothing is applied', async () => {
    sb.setFaults({ next: ['503', '429', '502'], retryAfter: 3, path: '/adslot/create' });
    const r503 = await createSlot('s503');
    expect([r503.status, r503.type]).toEqual([503, 'text/html;charset=ISO-8859-1']);
    const r429 = await createSlot('s429');
    expect([r429.status, r429.headers.get('retry-after')]).toEqual([429, '3']);
    const r502 = await createSlot('s502');
    expect(r502.status).toBe(502);
    expect(r502.text).toContain('<title>502 Bad Gateway</title>');
    expect((await slotNames()).filter((n) => n.startsWith('s5') || n === 's429')).toEqual([]);
  });

  it('500: production’s crash body in the requested format, after the change was applied', async () => {
    sb.setFaults({ next: ['500', '500'], path: '/adslot/create' });
    const x = await createSlot('crash');
    expect([x.status, errorOf(x)]).toEqual([500, { code: 500, description: 'Internal Server Error' }]);
    const j = await call(sb, 'POST', '/adslot/create.json', { params: { publication: pub, name: 'crash2', formats: 'text' } });
    expect(j.text).toBe('{"masg-error":{"code":500,"description":"Internal Server Error"}}');
    expect(await slotNames()).toEqual(expect.arrayContaining(['crash', 'crash2']));
  });

  it('truncate: headers promise more than arrives; malformed: a complete body that does not parse', async () => {
    sb.setFaults({ next: ['truncate', 'malformed', 'malformed'] });
    await expect(call(sb, 'GET', '/publication/list.xml')).rejects.toThrow();
    const bad = await call(sb, 'GET', '/publication/list.xml');
    expect(bad.status).toBe(200);
    expect(bad.text.endsWith('<masg-respo')).toBe(true);
    const badJson = await call(sb, 'GET', '/publication/list.json');
    expect(() => badJson.json()).toThrow();
  });

  it('the path filter leaves other requests alone; "none" passes one through', async () => {
    sb.setFaults({ next: ['none', '503'], path: /statistics/ });
    expect((await call(sb, 'GET', '/publication/list.xml')).status).toBe(200);
    const q = { start: '2024061000', end: '2024061023' };
    expect((await call(sb, 'GET', '/publication/statistics.xml', { params: q })).status).toBe(200);
    expect((await call(sb, 'GET', '/publication/statistics.xml', { params: q })).status).toBe(503);
    expect((await call(sb, 'GET', '/publication/statistics.xml', { params: q })).status).toBe(200);
    sb.setFaults(undefined);
  });
});

describe('random faults and latency', () => {
  it('rates follow a seeded PRNG: the same seed gives the same sequence', async () => {
    const run = async () => {
      const s = await start({ faults: { rates: { '503': 0.3, '429': 0.2 }, seed: 11 } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await call(s, 'GET', '/advertisers/list.xml')).status);
        return statuses;
      } finally {
        await s.close();
      }
    };
    const a = await run();
    expect(a).toEqual(await run());
    expect(new Set(a)).toEqual(new Set([200, 503, 429]));
  });

  it('adds latency, fixed or within a range', async () => {
    const s = await start({ latencyMs: 120 });
    try {
      const t0 = Date.now();
      await call(s, 'GET', '/advertisers/list.xml');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
      // A range: at least its lower end (the upper end is not timed: a busy machine adds to it).
      s.setFaults({ latencyMs: [150, 160] });
      const t1 = Date.now();
      await call(s, 'GET', '/advertisers/list.xml');
      expect(Date.now() - t1).toBeGreaterThanOrEqual(140);
    } finally {
      await s.close();
    }
  });
});

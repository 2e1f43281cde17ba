// Names beside IDs in statistics tables; data formats keep their columns unless --fields asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, parseCsv, removeTempDirs, startHarness, type Harness } from './harness.js';

let h: Harness;
interface Entity {
  id: string;
  name: string;
  publication?: string;
  advertiser?: string;
}
let pubs: Entity[];
let slots: Entity[];
let campaign: Entity;
const DAY = ['--date', '2024-06-10'];
const DAYS = ['--from', '2024-06-08', '--to', '2024-06-10', '--interval', 'day'];
const json = <T>(text: string) => JSON.parse(text) as T;
const tableOf = (argv: string[]) => h.masg([...argv, '--color', 'never', '--wide'], { tty: true, columns: 250 });

beforeAll(async () => {
  h = await startHarness();
  pubs = json<Entity[]>((await h.masg(['pub', 'list', '-o', 'json'])).stdout);
  slots = json<Entity[]>((await h.masg(['slot', 'list', '-o', 'json'])).stdout);
  const adv = json<Entity[]>((await h.masg(['adv', 'list', '-o', 'json'])).stdout)[0]!;
  campaign = json<Entity[]>((await h.masg(['campaign', 'list', adv.id, '-o', 'json'])).stdout)[0]!;
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** The cells of the table line that holds `id`. */
function rowOf(table: string, id: string): string[] {
  const line = table.split('\n').find((l) => l.includes(id));
  expect(line, `no row for ${id} in\n${table}`).toBeDefined();
  return line!
    .split('│')
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

describe('stats tables show names next to IDs', () => {
  it('pub stats --level adslot --by-country: publication and ad slot names', async () => {
    const run = await tableOf(['pub', 'stats', '--level', 'adslot', '--by-country', ...DAY]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/publication +│ publication name +│ adslot +│ adslot name +│ country/);
    const slot = slots.find((s) => run.stdout.includes(s.id))!;
    const cells = rowOf(run.stdout, slot.id);
    expect(cells.slice(0, 4)).toEqual([slot.publication, pubs.find((p) => p.id === slot.publication)!.name, slot.id, slot.name]);
  });

  it('slot stats and campaign stats, by day', async () => {
    const slot = slots[0]!;
    const s = await tableOf(['slot', 'stats', slot.id, '--from', '2024-06-08', '--to', '2024-06-10', '--interval', 'day']);
    expect(s.code, s.stderr).toBe(0);
    expect(rowOf(s.stdout, '2024-06-09').slice(0, 3)).toEqual(['2024-06-09', slot.id, slot.name]);
    const c = await tableOf(['campaign', 'stats', campaign.id, ...DAYS]);
    expect(c.code, c.stderr).toBe(0);
    expect(rowOf(c.stdout, '2024-06-09').slice(0, 3)).toEqual(['2024-06-09', campaign.id, campaign.name]);
  });

  it('the names are asked for together with the report, not after it', async () => {
    // The list is slow (400 ms), the report fast: sent one after the other, the report would be
    // answered after the list; sent together, it is answered first.
    const answered: string[] = [];
    const slow = await startHarness({ onRequest: (entry) => void answered.push(entry.path) });
    try {
      slow.sandbox.setFaults({ latencyMs: 400, path: '/publication/list' });
      const run = await slow.masg(['pub', 'stats', ...DAY, '--color', 'never'], { tty: true, columns: 250 });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(pubs[0]!.name);
      expect(calls(slow.sent()).map(([, p]) => p)).toEqual(['/publication/list.xml', '/publication/statistics.xml']);
      expect(answered).toEqual(['/publication/statistics.xml', '/publication/list.xml']);
    } finally {
      await slow.close();
    }
  });

  it('a failed name lookup does not fail the report: IDs only, and a notice', async () => {
    h.sandbox.setFaults({ next: ['503'], path: '/publication/list' });
    try {
      const run = await tableOf(['pub', 'stats', ...DAY, '--retries', '0']);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('the names could not be read');
      expect(run.stdout).not.toContain('publicationName');
      expect(run.stdout).toContain(pubs[0]!.id);
    } finally {
      h.sandbox.setFaults({});
    }
  });
});

describe('data formats keep their columns', () => {
  it('csv has no name columns and asks for no names', async () => {
    h.mark();
    const run = await h.masg(['pub', 'stats', '--level', 'adslot', ...DAY, '-o', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('publication,adslot,requests,impressions,clicks,earnings,currency');
    expect(calls(h.sent()).map(([, p]) => p)).toEqual(['/publication/statistics.xml']);
  });

  it('--fields with a name column adds it, in csv and in --out files', async () => {
    const run = await h.masg([
      'pub',
      'stats',
      '--level',
      'adslot',
      ...DAY,
      '-o',
      'csv',
      '--fields',
      'publication,publicationName,adslotName,impressions',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...rows] = await parseCsv(run.stdout);
    expect(header).toEqual(['publication', 'publicationName', 'adslotName', 'impressions']);
    for (const [pub, pubName, slotName] of rows) {
      expect(pubName).toBe(pubs.find((p) => p.id === pub)!.name);
      expect(slots.map((s) => s.name)).toContain(slotName);
    }
  });

  it('json with --fields campaignName', async () => {
    const run = await h.masg(['campaign', 'stats', campaign.id, ...DAYS, '-o', 'json', '--fields', 'date,campaign,campaignName,spend']);
    expect(run.code, run.stderr).toBe(0);
    expect(json<Array<Record<string, string>>>(run.stdout)[0]).toMatchObject({ campaign: campaign.id, campaignName: campaign.name });
  });

  it('an unknown field is refused before anything is sent', async () => {
    h.mark();
    const run = await h.masg(['pub', 'stats', ...DAY, '-o', 'csv', '--fields', 'publication,adslotNme']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('publicationName');
    expect(h.sent()).toEqual([]);
  });
});

// MCP is another face of the same commands: each read tool's structuredContent holds the values
// `-o json` of the same command prints, value for value (booleans, null for empty, figures as
// exact strings), against one sandbox. The tools add the owner's name beside its ID, which the
// CLI's JSON shows only with --fields: it is left out of the comparison, and checked apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, type Harness } from '../commands/harness.js';
import { connectMcp, structured, type McpRun } from './helpers.js';

const DAY = '2024-06-14';
const TZ = 'America/New_York';
const NAMES = ['publicationName', 'adslotName', 'campaignName', 'advertiserName'];
type Json = Record<string, unknown>;
let h: Harness;
let mcp: McpRun;

beforeAll(async () => {
  h = await startHarness();
  mcp = await connectMcp(['mcp'], { env: { ...h.env, MASG_TIMEZONE: TZ } });
});

afterAll(async () => {
  await mcp?.close();
  await h?.close();
  removeTempDirs();
});

async function cliJson<T = Json[]>(argv: string[]): Promise<T> {
  const run = await h.masg([...argv, '-o', 'json'], { env: { MASG_TIMEZONE: TZ } });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

const tool = async <T = Json>(name: string, args: Json = {}): Promise<T> =>
  structured<T>(await mcp.client.callTool({ name, arguments: args }));
const withoutNames = (row: Json): Json => Object.fromEntries(Object.entries(row).filter(([k]) => !NAMES.includes(k)));
const byKey = (rows: Json[], key: string): Record<string, Json> => Object.fromEntries(rows.map((r) => [String(r[key]), withoutNames(r)]));

describe('the read tools give the values of `-o json`', () => {
  it('get_publication equals `masg pub view -o json`: booleans as booleans, empty as null', async () => {
    const [first] = await cliJson(['pub', 'list']);
    const cli = await cliJson<Json>(['pub', 'view', String(first.id)]);
    const { item } = await tool<{ item: Json }>('get_publication', { id: String(first.id).slice(0, 6) });
    expect(item).toEqual(cli);
    expect(typeof item.transparent).toBe('boolean');
    expect(Object.values(item)).not.toContain('');
  });

  it('list_publications and list_ad_slots equal `pub list` and `slot list`', async () => {
    const pubs = await tool<{ items: Json[] }>('list_publications', { limit: 200 });
    expect(pubs.items).toEqual(await cliJson(['pub', 'list']));
    const slots = await tool<{ items: Json[] }>('list_ad_slots', { limit: 200 });
    const cliSlots = await cliJson(['slot', 'list']);
    expect(slots.items.map(withoutNames)).toEqual(cliSlots.map(withoutNames));
    const pubNames = new Map(pubs.items.map((p) => [p.id, p.name]));
    for (const s of slots.items) expect(s.publicationName).toBe(pubNames.get(s.publication));
  });

  it("list_campaigns without an advertiser lists every advertiser's campaigns, as `campaign list` does", async () => {
    const cli = await cliJson(['campaign', 'list']);
    expect(cli.length).toBeGreaterThan(1);
    const all = await tool<{ items: Json[]; total: number }>('list_campaigns', { limit: 200 });
    expect(all.total).toBe(cli.length);
    expect(all.items.map(withoutNames)).toEqual(cli.map(withoutNames));
    expect(all.items.every((c) => typeof c.advertiserName === 'string' && c.advertiserName !== '')).toBe(true);
    const one = String(cli[0].advertiser);
    const only = await tool<{ items: Json[] }>('list_campaigns', { advertiser: one.slice(0, 6) });
    expect(only.items.map(withoutNames)).toEqual(await cliJson(['campaign', 'list', one]).then((r) => r.map(withoutNames)));
  });

  it('get_campaign equals `masg campaign view -o json`', async () => {
    const [first] = await cliJson(['campaign', 'list']);
    const { item } = await tool<{ item: Json }>('get_campaign', { id: String(first.id) });
    expect(item).toEqual(await cliJson<Json>(['campaign', 'view', String(first.id)]));
  });

  it('publisher_stats rows equal `masg pub stats -o json`, by publication, by ad slot and by day', async () => {
    const pubs = await tool<{ rows: Json[]; groups: number }>('publisher_stats', { date: DAY, limit: 200 });
    const cli = await cliJson(['pub', 'stats', '--date', DAY]);
    expect(pubs.groups).toBe(cli.length);
    expect(byKey(pubs.rows, 'publication')).toEqual(byKey(cli, 'publication'));
    const slots = await tool<{ rows: Json[] }>('publisher_stats', { date: DAY, groupBy: 'adslot', limit: 200 });
    expect(byKey(slots.rows, 'adslot')).toEqual(byKey(await cliJson(['pub', 'stats', '--date', DAY, '--level', 'adslot']), 'adslot'));
    // One publication by day: the days of `--interval day`, the zone's.
    const id = String(cli[0].publication);
    const days = await tool<{ rows: Json[] }>('publisher_stats', { id, from: '2024-06-10', to: DAY, groupBy: 'day' });
    const cliDays = await cliJson(['pub', 'stats', id, '--from', '2024-06-10', '--to', DAY, '--interval', 'day']);
    expect(byKey(days.rows, 'date')).toEqual(byKey(cliDays, 'date'));
  });

  it('campaign_stats and ad_slot_stats rows equal `campaign stats` and `slot stats` per day, blank ratios as null', async () => {
    const [campaign] = await cliJson(['campaign', 'list']);
    const range = ['--from', '2024-06-10', '--to', DAY, '--interval', 'day'];
    const c = await tool<{ rows: Json[] }>('campaign_stats', { id: String(campaign.id), from: '2024-06-10', to: DAY });
    expect(byKey(c.rows, 'date')).toEqual(byKey(await cliJson(['campaign', 'stats', String(campaign.id), ...range]), 'date'));
    const [slot] = await cliJson(['slot', 'list']);
    const s = await tool<{ rows: Json[] }>('ad_slot_stats', { id: String(slot.id), from: '2024-06-10', to: DAY });
    expect(byKey(s.rows, 'date')).toEqual(byKey(await cliJson(['slot', 'stats', String(slot.id), ...range]), 'date'));
  });
});

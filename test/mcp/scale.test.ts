// A big account (the sandbox's scale mode): every answer stays within the cap, says what it cut
// and how to narrow it, and its totals are still those of the whole, equal to `masg pub stats`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, startHarness, type Harness } from '../commands/harness.js';
import { sumDecimals } from '../../src/core/decimal.js';
import { connectMcp, structured, textOf, type McpRun } from './helpers.js';

const DAY = '2024-06-14';
let h: Harness;
let mcp: McpRun;

beforeAll(async () => {
  h = await startHarness({ scale: { publications: 300, slotsPerPublication: 2, countries: 5 } });
  mcp = await connectMcp(['mcp'], { env: h.env });
});

afterAll(async () => {
  await mcp?.close();
  await h?.close();
  removeTempDirs();
});

type Cut = { omittedRows: number; omittedTotals: Record<string, string>; how: string };
type Stats = { totals: Record<string, string>; rows: Array<Record<string, string>>; groups: number; returned: number; cut: Cut | null };

async function cliColumn(argv: string[], column: string): Promise<string[]> {
  const [header, ...rows] = await parseCsv((await h.masg([...argv, '-o', 'csv'])).stdout);
  const i = header.indexOf(column);
  return rows.map((r) => r[i]);
}

describe('masg mcp on a big account', () => {
  it('cuts publisher_stats at the limit, and its totals, cut or not, equal the whole to the cent', async () => {
    const earnings = await cliColumn(['pub', 'stats', '--date', DAY, '--level', 'adslot'], 'earnings');
    expect(earnings.length).toBeGreaterThan(200);
    const r = structured<Stats>(await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY, groupBy: 'adslot' } }));
    expect(r.groups).toBe(earnings.length);
    expect(r.returned).toBe(50);
    expect(r.rows).toHaveLength(50);
    expect(r.totals.earnings).toBe(sumDecimals(earnings, 2));
    expect(r.cut!.omittedRows).toBe(earnings.length - 50);
    // What was shown plus what was cut is the whole.
    expect(sumDecimals([...r.rows.map((x) => x.earnings), r.cut!.omittedTotals.earnings], 2)).toBe(r.totals.earnings);
    expect(r.cut!.how).toMatch(/Raise limit \(up to 200\)/);
    expect(textOf(await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY, groupBy: 'adslot' } }))).toMatch(
      /Not shown: \d+ rows with .*earnings/,
    );
  });

  it('never returns more than 200 rows, whatever the limit asked', async () => {
    const most = structured<Stats>(
      await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY, groupBy: 'adslot', limit: 200 } }),
    );
    expect(most.rows).toHaveLength(200);
    const over = await mcp.client.callTool({ name: 'publisher_stats', arguments: { date: DAY, limit: 201 } });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatch(/limit/);
  });

  it('pages a long list with offset, saying where the next page starts', async () => {
    type List = { total: number; returned: number; items: Array<Record<string, string>>; cut: { how: string } | null };
    const first = structured<List>(await mcp.client.callTool({ name: 'list_ad_slots', arguments: { limit: 200 } }));
    expect(first.total).toBe(600);
    expect(first.returned).toBe(200);
    expect(first.cut!.how).toContain('offset 200');
    const next = structured<List>(await mcp.client.callTool({ name: 'list_ad_slots', arguments: { limit: 200, offset: 200 } }));
    expect(next.items[0].id).not.toBe(first.items[0].id);
    expect(new Set([...first.items, ...next.items].map((s) => s.id)).size).toBe(400);
  });
});

// Two currencies in one account: a publication whose earnings the service writes in EUR beside
// the others' USD (a sandbox state file edited before start). The statistics tools take each
// row's currency from the row and never add EUR to USD: per-currency totals, one row per currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumDecimals } from '../../src/core/decimal.js';
import { NOW, removeTempDirs, tempDir } from '../commands/harness.js';
import { startEditedSandbox, type EditedSandbox } from '../helpers/edited-sandbox.js';
import { runCli } from '../helpers/cli.js';
import { connectMcp, structured, textOf, type McpRun } from './helpers.js';

const DAY = '2024-06-14';
type Figures = Record<string, string | null>;
type Stats = {
  currency: string | null;
  totals: Figures | null;
  totalsByCurrency: Figures[];
  rows: Figures[];
  cut: { omittedTotals: Figures | null; omittedByCurrency: Figures[] } | null;
};
let s: EditedSandbox;
let env: Record<string, string>;
let mcp: McpRun;
let euro: string;

beforeAll(async () => {
  s = await startEditedSandbox({ now: () => NOW }, (state) => {
    const pub = state.publications.find((p) => p.status === 'ACTIVE')!;
    pub.currency = 'EUR';
    euro = pub.id;
  });
  env = {
    MASG_BASE_URL: s.sandbox.url,
    MASG_EMAIL: s.sandbox.demo.email,
    MASG_DEVELOPER_KEY: s.sandbox.demo.key,
    MASG_TIMEZONE: 'America/New_York',
    MASG_CONFIG_DIR: tempDir('masg-mcp-currency-'),
  };
  mcp = await connectMcp(['mcp'], { env });
});

afterAll(async () => {
  await mcp?.close();
  await s?.close();
  removeTempDirs();
});

const stats = async (args: Record<string, unknown>) => {
  const r = await mcp.client.callTool({ name: 'publisher_stats', arguments: args });
  return { r: structured<Stats>(r), text: textOf(r) };
};

describe('statistics in two currencies', () => {
  it("sums each currency apart, equal to `masg pub stats`'s rows of that currency, and never both together", async () => {
    const cli = JSON.parse((await runCli(['pub', 'stats', '--date', DAY, '-o', 'json'], { env })).stdout) as Figures[];
    expect(new Set(cli.map((row) => row.currency))).toEqual(new Set(['EUR', 'USD']));
    const { r, text } = await stats({ date: DAY, limit: 200 });
    expect(r.currency).toBeNull();
    expect(r.totals).toBeNull();
    expect(r.totalsByCurrency.map((t) => t.currency)).toEqual(['EUR', 'USD']);
    for (const t of r.totalsByCurrency) {
      const mine = cli.filter((row) => row.currency === t.currency);
      expect(t.earnings, t.currency!).toBe(
        sumDecimals(
          mine.map((row) => row.earnings!),
          2,
        ),
      );
      expect(t.impressions).toBe(sumDecimals(mine.map((row) => row.impressions!)));
    }
    expect(r.rows.find((row) => row.publication === euro)!.currency).toBe('EUR');
    expect(text).toMatch(/Totals: EUR: .*; USD: /);
    expect(text).not.toContain('money in USD');
  });

  it('gives a day of both currencies one row per currency, and cuts per currency', async () => {
    const { r } = await stats({ date: DAY, groupBy: 'day' });
    expect(r.rows.map((row) => [row.date, row.currency])).toEqual([
      [DAY, 'EUR'],
      [DAY, 'USD'],
    ]);
    // Cut after the first row of the sorted list: what is left out, summed per currency.
    const all = (await stats({ date: DAY, limit: 200 })).r.rows;
    const left = all.slice(1);
    const cut = (await stats({ date: DAY, limit: 1 })).r.cut!;
    const currencies = [...new Set(left.map((row) => row.currency!))].sort();
    expect(cut.omittedByCurrency.map((t) => t.currency)).toEqual(currencies);
    for (const t of cut.omittedByCurrency)
      expect(t.earnings).toBe(
        sumDecimals(
          left.filter((row) => row.currency === t.currency).map((row) => row.earnings!),
          2,
        ),
      );
    expect(cut.omittedTotals === null).toBe(currencies.length > 1);
  });

  it('says the one currency when every row has it', async () => {
    const { r, text } = await stats({ date: DAY, id: euro });
    expect(r.currency).toBe('EUR');
    expect(r.totals!.currency).toBe('EUR');
    expect(text).toContain('money in EUR');
  });
});

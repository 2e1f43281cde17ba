// --chart on the statistics commands against the sandbox: drawn only on a terminal, its totals
// equal to the CSV export of the same range, refused (exit 2, nothing sent) everywhere else.
import { describe, expect, it } from 'vitest';
import { sumDecimals, sumIntegers } from '../../src/core/decimal.js';
import { type DemoIds, type Harness, parseCsv, useHarness } from '../commands/harness.js';
import { group } from '../../src/output/chart.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

const range = ['--from', '2024-06-01', '--to', '2024-06-07', '--interval', 'day'];
// eslint-disable-next-line no-control-regex
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

async function csvTotals(argv: string[], money: string) {
  const [header, ...rows] = await parseCsv((await h.masg([...argv, '-o', 'csv'])).stdout);
  const col = (k: string) => rows.map((r) => r[header!.indexOf(k)]!);
  return { impressions: sumIntegers(col('impressions')), clicks: sumIntegers(col('clicks')), money: sumDecimals(col(money), 2) };
}

describe('--chart', () => {
  it.each([
    ['pub stats, every publication and ad slot', async () => ['pub', 'stats', '--level', 'adslot', '--by-country'], 'earnings'],
    ['slot stats', async () => ['slot', 'stats', ids.slots['Header banner']!.id!], 'earnings'],
    ['campaign stats (spend)', async () => ['campaign', 'stats', await firstCampaign()], 'spend'],
  ])("%s: three sparklines whose totals are the export's", async (_name, argv, money) => {
    const args = await argv();
    const run = await h.masg([...args, ...range, '--chart', '--color', 'never'], { tty: true });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const t = await csvTotals([...args, ...range], money);
    expect(lines[0]).toMatch(new RegExp(`^impressions  [▁▂▃▄▅▆▇█]{7}  total ${group(t.impressions)} +min [\\d,]+ +max [\\d,]+$`));
    expect(lines[1]).toMatch(new RegExp(`^clicks +[▁▂▃▄▅▆▇█]{7}  total ${group(t.clicks)} `));
    expect(lines[2]).toMatch(new RegExp(`^${money} +[▁▂▃▄▅▆▇█]{7}  total ${group(t.money).replace('.', '\\.')} USD `));
    expect(lines.slice(3)).toEqual(['             2024-06-01 – 2024-06-07', '             7 days', '']);
  });

  it('colour follows the one decision: on for a terminal, off with NO_COLOR', async () => {
    const id = ids.slots['Header banner']!.id!;
    const coloured = await h.masg(['slot', 'stats', id, ...range, '--chart'], { tty: true });
    expect(coloured.stdout).toContain('\u001b[36m');
    const plain = await h.masg(['slot', 'stats', id, ...range, '--chart'], { tty: true, env: { NO_COLOR: '1' } });
    expect(plain.stdout).not.toContain('\u001b[');
    expect(plain.stdout).toBe(strip(coloured.stdout));
  });

  it.each([
    [[], {}, 'stdout is not one'],
    [['--interval', 'total'], { tty: true }, 'needs --interval day or hour'],
    [['--out', '/tmp/x.csv'], { tty: true }, '--out writes data'],
    [['-o', 'csv'], { tty: true }, 'not csv'],
    [['--raw'], { tty: true }, '--raw'],
  ])('refused with exit 2 before anything is sent: %j', async (extra, opts, message) => {
    const run = await h.masg(['pub', 'stats', ...range, ...extra, '--chart'], opts);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    expect(h.sent()).toEqual([]);
  });
});

async function firstCampaign(): Promise<string> {
  const adv = ids.advertisers['Acme Outdoor']!.id!;
  const list = JSON.parse((await h.masg(['campaign', 'list', adv, '-o', 'json'])).stdout) as Array<{ id: string }>;
  return list[0]!.id;
}

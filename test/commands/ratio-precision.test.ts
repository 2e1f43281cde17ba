// Machine formats never get a ratio rounded below what the counts say: the service sends CTR as
// 0.03 where clicks/impressions is 0.0324…; csv, tsv and json carry it to 10 decimals, unpadded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, startHarness, type Harness } from './harness.js';

let h: Harness;
let campaign: string;
beforeAll(async () => {
  h = await startHarness();
  const [, ...rows] = await parseCsv((await h.masg(['campaign', 'list', '-o', 'csv', '--fields', 'id,status'])).stdout);
  campaign = rows.find((r) => r[1] === 'ACTIVE')![0]!;
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** clicks/impressions truncated to 10 decimals, by integer arithmetic. */
const ratio10 = (num: bigint, den: bigint) => {
  const q = (num * 10n ** 11n) / den; // one guard digit, rounded half-up below
  const r = (q + 5n) / 10n;
  return Number(`${r / 10n ** 10n}.${(r % 10n ** 10n).toString().padStart(10, '0')}`);
};

describe('campaign stats ratios in data formats', () => {
  it('csv: CTR from the counts to 10 decimals, not the service’s 2', async () => {
    const run = await h.masg(['campaign', 'stats', campaign, '--date', '2024-06-10', '-o', 'csv']);
    expect(run.code).toBe(0);
    const [header, row] = await parseCsv(run.stdout);
    const get = (k: string) => row![header!.indexOf(k)]!;
    expect(Number(get('impressions'))).toBeGreaterThan(0);
    expect(get('ctr').split('.')[1]!.length).toBeGreaterThan(4);
    expect(Number(get('ctr'))).toBe(ratio10(BigInt(get('clicks')), BigInt(get('impressions'))));
    h.mark();
    const raw = await h.masg(['campaign', 'stats', campaign, '--date', '2024-06-10', '--raw', 'json']);
    expect(raw.stdout).toMatch(/"CTR":\{[^}]*"amount":"?0\.\d\d"?/); // what the service itself says
  });

  it('json agrees with csv; the table still shows CTR to 4 decimals', async () => {
    const [json] = JSON.parse((await h.masg(['campaign', 'stats', campaign, '--date', '2024-06-10', '-o', 'json'])).stdout);
    const [header, row] = await parseCsv((await h.masg(['campaign', 'stats', campaign, '--date', '2024-06-10', '-o', 'csv'])).stdout);
    expect(String(json.ctr)).toBe(row![header!.indexOf('ctr')]);
    const table = (
      await h.masg(['campaign', 'stats', campaign, '--date', '2024-06-10', '--wide'], { tty: true, columns: 200, env: { NO_COLOR: '1' } })
    ).stdout;
    expect(table).toMatch(/│ 0\.\d{4} │/);
  });
});

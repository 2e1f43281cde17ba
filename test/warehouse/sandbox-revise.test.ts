// The sandbox's revision hook (Sandbox.revise): a past day's figures change by the factor, other
// days do not, a day is still the sum of its hours, and factor 1 restores the original.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { startWarehouseHarness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startWarehouseHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});
// Relative days are the account's: the demo account counts them in its own zone.
const masg = (argv: string[]) => h.masg(argv, { env: { MASG_TIMEZONE: h.sandbox.demo.timezone } });

async function totals(from: string, to: string): Promise<{ requests: number; earnings: string; spend: string }> {
  const pub = await masg(['pub', 'stats', '--from', from, '--to', to, '-o', 'json']);
  const rows = JSON.parse(pub.stdout) as Array<{ requests: string; earnings: string }>; // figures are strings in JSON
  const adv = JSON.parse((await masg(['adv', 'list', '-o', 'json'])).stdout) as Array<{ id: string }>;
  const campaigns = JSON.parse((await masg(['campaign', 'list', adv[0]!.id, '-o', 'json'])).stdout) as Array<{
    id: string;
    name: string;
  }>;
  const spring = campaigns.find((c) => c.name === 'Spring Sale')!;
  const camp = JSON.parse((await masg(['campaign', 'stats', spring.id, '--from', from, '--to', to, '-o', 'json'])).stdout) as Array<{
    spend: string;
  }>;
  return {
    requests: rows.reduce((n, r) => n + Number(r.requests), 0),
    earnings: rows.map((r) => r.earnings).join(','),
    spend: String(camp[0]?.spend ?? ''),
  };
}

describe('Sandbox.revise', () => {
  it('changes that day only, by the factor, and factor 1 undoes it', async () => {
    const days = ['-5d', '-4d', '-3d'];
    const before = await Promise.all(days.map((d) => totals(d, d)));
    const dayOf = (await masg(['pub', 'stats', '--date', '-4d', '--interval', 'day', '-o', 'csv', '--fields', 'date'])).stdout.split(
      '\n',
    )[1]!;
    await h.sandbox.revise(dayOf, 1.5);
    const after = await Promise.all(days.map((d) => totals(d, d)));
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(after[1]!.requests).toBeGreaterThan(before[1]!.requests * 1.45);
    expect(after[1]!.requests).toBeLessThanOrEqual(before[1]!.requests * 1.5);
    expect(after[1]!.spend).not.toBe(before[1]!.spend);
    // Still exactly the sum of its hours.
    const hours = JSON.parse(
      (await masg(['pub', 'stats', '--from', `${dayOf}T00`, '--to', `${dayOf}T23`, '--interval', 'hour', '-o', 'json'])).stdout,
    ) as Array<{ requests: string }>;
    expect(hours.reduce((n, r) => n + Number(r.requests), 0)).toBe(after[1]!.requests);
    await h.sandbox.revise(dayOf, 1);
    expect(await totals('-4d', '-4d')).toEqual(before[1]);
  });

  it('refuses a malformed day or factor', async () => {
    await expect(h.sandbox.revise('2026-1-10', 2)).rejects.toThrow(/YYYY-MM-DD/);
    await expect(h.sandbox.revise('2026-01-10', -1)).rejects.toThrow(/factor/);
  });
});

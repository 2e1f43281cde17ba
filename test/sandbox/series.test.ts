// The generator's arithmetic, without HTTP: a range is exactly the sum of its hours, across
// day and 28-day block boundaries, and the counts keep requests ≥ impressions ≥ clicks.
import { describe, expect, it } from 'vitest';
import { addRange } from '../../src/sandbox/statistics/series.js';
import { SlotCountrySeries } from '../../src/sandbox/statistics/slot-series.js';
import { formatCents, formatRatio } from '../../src/sandbox/statistics/money.js';

function activeSeries(slot: number): SlotCountrySeries {
  for (let c = 0; ; c++) {
    const s = new SlotCountrySeries().reset(1, slot, c, 3);
    if (s.active) return s;
  }
}

const sum = (s: SlotCountrySeries, a: number, b: number) => {
  const acc = [0, 0, 0, 0];
  addRange(s, a, b, acc);
  return acc;
};

describe('hourly series', () => {
  it('any range equals the sum of its hours (block boundaries included)', () => {
    const s = activeSeries(42);
    const start = 19_000 * 24 - 700; // crosses a 672-hour block boundary
    const hours = Array.from({ length: 2000 }, (_, i) => sum(s, start + i, start + i + 1));
    for (const [a, b] of [
      [0, 2000],
      [5, 6],
      [13, 1500],
      [671, 700],
      [0, 24],
      [100, 1999],
    ] as const) {
      const expected = [0, 0, 0, 0];
      for (let i = a; i < b; i++) hours[i]!.forEach((v, k) => (expected[k]! += v));
      expect(sum(s, start + a, start + b)).toEqual(expected);
    }
    // Some hours have no traffic at all, and every primitive is non-negative.
    expect(hours.some((h) => h.every((v) => v === 0))).toBe(true);
    expect(hours.every((h) => h.every((v) => v >= 0))).toBe(true);
  });

  it('is deterministic and seed-dependent', () => {
    const a = new SlotCountrySeries().reset(1, 7, 3, 5);
    const b = new SlotCountrySeries().reset(1, 7, 3, 5);
    const c = new SlotCountrySeries().reset(2, 7, 3, 5);
    expect(sum(a, 450_000, 452_000)).toEqual(sum(b, 450_000, 452_000));
    if (c.active) expect(sum(c, 450_000, 452_000)).not.toEqual(sum(a, 450_000, 452_000));
  });

  it('money is written with exactly two decimals', () => {
    expect([formatCents(0), formatCents(5), formatCents(123456), formatCents(-7)]).toEqual(['0.00', '0.05', '1234.56', '-0.07']);
    expect([formatRatio(2, 100), formatRatio(1, 3), formatRatio(2, 3), formatRatio(1, 200)]).toEqual(['0.02', '0.33', '0.67', '0.01']);
  });
});

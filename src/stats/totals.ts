// The exact totals row of a statistics table: counts as BigInt, money as scaled decimals (decimal.ts's rules).
// Ratios are recomputed from the summed columns, rounded half-up (CTR to 4 decimals: at the service's 2 most would
// read 0.00); a zero denominator gives ∞, 0/0 an empty cell. Sources are summed even when --fields hides them.

import type { Column, Row } from '../schema/column.js';
import { DecimalSum, parseDecimal, formatDecimal, type Decimal } from '../core/decimal.js';
import { divideRounded, shift } from './ratio.js';

interface Ratio {
  num: string;
  den: string;
  /** Power of ten the quotient is multiplied by. */
  times: number;
  scale: number;
}

const RATIOS: Readonly<Record<string, Ratio>> = {
  conversionsPercent: { num: 'conversions', den: 'clicks', times: 2, scale: 2 },
  ctr: { num: 'clicks', den: 'impressions', times: 0, scale: 4 },
  ecpm: { num: 'spend', den: 'impressions', times: 3, scale: 2 },
  costPerConversion: { num: 'spend', den: 'conversions', times: 0, scale: 2 },
};
const SOURCE_IS_MONEY: ReadonlySet<string> = new Set(['spend']);
const MONEY_SCALE = 2;

export class TotalsAccumulator {
  private readonly sums = new Map<string, DecimalSum>();
  private readonly currencies = new Set<string>();
  rows = 0;

  constructor(private readonly columns: readonly Column[]) {
    for (const c of columns) {
      const ratio = RATIOS[c.key];
      if (ratio !== undefined) {
        this.ensure(ratio.num, !SOURCE_IS_MONEY.has(ratio.num));
        this.ensure(ratio.den, true);
        this.ensure(c.key, false); // only to learn the infinity marker the rows use
      } else if (c.type === 'int' || c.type === 'decimal') this.ensure(c.key, c.type === 'int');
    }
  }

  private ensure(key: string, integer: boolean): void {
    if (!this.sums.has(key)) this.sums.set(key, new DecimalSum(integer ? { integer } : { minScale: MONEY_SCALE }));
  }

  add(row: Row): void {
    this.rows++;
    for (const [key, sum] of this.sums) sum.add(row[key] ?? '');
    this.currencies.add(row['currency'] ?? '');
  }

  /** Columns with a value that is neither a number, blank nor ∞/?: their total is left empty. */
  invalidColumns(): string[] {
    return this.columns.filter((c) => (this.sums.get(c.key)?.invalid ?? 0) > 0 && !(c.key in RATIOS)).map((c) => c.key);
  }

  /** The totals row: sums, recomputed ratios, the currency when all rows agree, else ''. */
  totals(): Row {
    const row: Record<string, string> = {};
    for (const c of this.columns) {
      const ratio = RATIOS[c.key];
      if (ratio !== undefined) row[c.key] = this.ratio(c.key, ratio);
      else if (this.sums.has(c.key)) row[c.key] = this.sums.get(c.key)!.value();
      else if (c.key === 'currency' && this.currencies.size === 1) row[c.key] = [...this.currencies][0]!;
      else row[c.key] = '';
    }
    return row;
  }

  private ratio(key: string, r: Ratio): string {
    const num = this.sums.get(r.num)!;
    const den = this.sums.get(r.den)!;
    const own = this.sums.get(key)!;
    const marker = own.state === 'infinite' ? own.value() : '∞';
    if (num.state === 'invalid' || den.state === 'invalid') return '';
    if (num.state === 'infinite') return num.value();
    if (den.state === 'infinite') return '';
    const n = parseDecimal(num.value()) as Decimal;
    const d = parseDecimal(den.value()) as Decimal;
    if (d.units === 0n) return n.units === 0n ? '' : marker;
    return formatDecimal(divideRounded(shift(n, r.times), d, r.scale), r.scale);
  }
}

/**
 * Data formats get the ratios to this many decimals, trailing zeros dropped: the service rounds
 * CTR to 0.03 where the counts say 0.0324115979; a machine must not get less than the table.
 */
export const MACHINE_RATIO_SCALE = 10;

/**
 * Row ratios recomputed from the row's counts as the totals do, so a row reads like its total (CTR
 * `0.03` vs `0.0324`): to the table's decimals, or with `machine` to MACHINE_RATIO_SCALE, unpadded.
 */
export function withRowRatios(row: Row, columns: readonly Column[], machine = false): Row {
  let copy: Record<string, string | undefined> | undefined;
  for (const c of columns) {
    const r = RATIOS[c.key];
    if (r === undefined) continue;
    const n = parseDecimal(row[r.num] ?? '');
    const d = parseDecimal(row[r.den] ?? '');
    if (n === null || d === null) continue;
    let value: string;
    if (d.units === 0n) {
      if (n.units !== 0n) continue;
      value = '';
    } else if (machine) value = formatDecimal(divideRounded(shift(n, r.times), d, MACHINE_RATIO_SCALE)).replace(/\.?0+$/, '');
    else value = formatDecimal(divideRounded(shift(n, r.times), d, r.scale), r.scale);
    copy ??= { ...row };
    copy[c.key] = value;
  }
  return copy ?? row;
}

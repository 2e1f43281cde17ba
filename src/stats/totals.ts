// The totals row of a statistics table, exact: counts as BigInt, money as scaled decimals
// (0.10 + 0.20 = 0.30), with decimal.ts's rules for non-numbers (an infinity marker makes the
// total that marker; anything else unreadable empties the cell rather than show a wrong sum).
//
// Ratio columns are not sums: adding CTRs of two rows means nothing. They are recomputed from
// the summed columns, rounded half-up:
//   conversionsPercent = conversions / clicks × 100   (2 decimals, as the service writes it)
//   ctr                = clicks / impressions         (4 decimals: the service's raw ratio at 2
//                                                      decimals would show most CTRs as 0.00)
//   ecpm               = spend / impressions × 1000   (2 decimals, money)
//   costPerConversion  = spend / conversions          (2 decimals, money)
// A zero denominator gives `∞` when the numerator is not zero (what the service itself sends,
// e.g. spend without conversions) and an empty cell for 0/0 (no traffic: no ratio). The sources
// are summed even when --fields hides them, so a ratio never depends on the columns shown.

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
 * A table row's ratio cells recomputed from the row's own counts and money, by the rule the
 * totals row uses, so a row and the total beside it read alike (the service writes CTR with 2
 * decimals, `0.03`, where the total says `0.0324`). Only tables use this: csv/json keep the
 * service's values. A value whose sources are missing or unreadable, or an ∞ (zero
 * denominator), is kept as the service sent it; 0/0 is left empty, as in the totals.
 */
export function withRowRatios(row: Row, columns: readonly Column[]): Row {
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
    } else value = formatDecimal(divideRounded(shift(n, r.times), d, r.scale), r.scale);
    copy ??= { ...row };
    copy[c.key] = value;
  }
  return copy ?? row;
}

// Sums that never mix currencies: one TotalsAccumulator per currency the rows carry (stats/rows.ts
// gives each row its own, USD when the service leaves it out), so EUR and USD are never added up.
import type { Column, Row } from '../schema/column.js';
import { TotalsAccumulator } from '../stats/totals.js';

export class CurrencyTotals {
  private readonly sums = new Map<string, TotalsAccumulator>();

  constructor(private readonly columns: Column[]) {}

  add(row: Row): void {
    const currency = row['currency'] ?? '';
    let sum = this.sums.get(currency);
    if (sum === undefined) this.sums.set(currency, (sum = new TotalsAccumulator(this.columns)));
    sum.add(row);
  }

  /** The currencies seen, sorted. */
  currencies(): string[] {
    return [...this.sums.keys()].sort();
  }

  /** One totals row per currency, in currency order; each names its currency. */
  byCurrency(): Array<Record<string, string>> {
    return this.currencies().map((c) => this.sums.get(c)!.totals() as Record<string, string>);
  }

  /** The totals when every row has one currency (an empty set sums to zeros); null when they differ. */
  single(): Record<string, string> | null {
    if (this.sums.size > 1) return null;
    return this.byCurrency()[0] ?? (new TotalsAccumulator(this.columns).totals() as Record<string, string>);
  }
}

// The numbers behind a --chart: one exact sum per interval over all its rows; only drawing uses floats.
import { DecimalSum } from '../core/decimal.js';
import type { Row } from './types.js';

export interface ChartSeries {
  key: string;
  money: boolean;
  /** One exact sum per interval, '' where a value was unreadable; ∞/? where infinite. */
  values: string[];
  total: string;
}

export interface ChartData {
  interval: 'day' | 'hour';
  labels: string[];
  series: ChartSeries[];
  /** The currency of the money series when every row agrees, else ''. */
  currency: string;
}

export class ChartAccumulator {
  private readonly points = new Map<string, DecimalSum[]>();
  private readonly totals: DecimalSum[];
  private readonly currencies = new Set<string>();

  constructor(
    private readonly interval: 'day' | 'hour',
    /** e.g. ['impressions', 'clicks', 'earnings']; the last one is money. */
    private readonly keys: readonly string[],
  ) {
    this.totals = keys.map((_, i) => this.sum(i));
  }

  private sum(i: number): DecimalSum {
    return i === this.keys.length - 1 ? new DecimalSum({ minScale: 2 }) : new DecimalSum({ integer: true });
  }

  add(row: Row): void {
    const label = row[this.interval === 'hour' ? 'hour' : 'date'] ?? '';
    let sums = this.points.get(label);
    if (!sums) this.points.set(label, (sums = this.keys.map((_, i) => this.sum(i))));
    this.keys.forEach((key, i) => {
      sums[i].add(row[key] ?? '');
      this.totals[i].add(row[key] ?? '');
    });
    this.currencies.add(row['currency'] ?? '');
  }

  data(): ChartData {
    const sums = [...this.points.values()];
    return {
      interval: this.interval,
      labels: [...this.points.keys()],
      series: this.keys.map((key, i) => ({
        key,
        money: i === this.keys.length - 1,
        values: sums.map((s) => s[i].value()),
        total: this.totals[i].value(),
      })),
      currency: this.currencies.size === 1 ? [...this.currencies][0] : '',
    };
  }
}

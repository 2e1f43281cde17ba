// Draws a --chart: one sparkline per series, scaled from its smallest to its largest value (printed beside it, with the
// total), fitted to the terminal: a longer range is folded, each mark the mean of consecutive intervals.
import type { ChalkInstance } from 'chalk';
import { parseDecimal, type Decimal } from '../core/decimal.js';
import type { ChartData, ChartSeries } from './chart-series.js';

export interface ChartOptions {
  width?: number;
  chalk: ChalkInstance;
}

const MARKS = '▁▂▃▄▅▆▇█';
const MIN_SPARK = 10;
const GAP = '  ';

export function renderChart(data: ChartData, opts: ChartOptions): string {
  const { chalk } = opts;
  const width = opts.width ?? 80;
  const n = data.labels.length;
  const labelWidth = Math.max(...data.series.map((s) => s.key.length)) + GAP.length;
  const stats = alignStats(data.series.map((s) => statsCells(s, data.currency)));
  const statsWidth = stats[0].length;
  // Stats beside the sparkline when that costs it no marks (a 30-day chart at 80 columns kept 15
  // marks beside them, 30 with them below); else on their own line, the sparkline using the width.
  const beside = width - labelWidth - GAP.length - statsWidth;
  const below = Math.max(1, width - labelWidth);
  const inline = beside >= Math.min(n, MIN_SPARK) && Math.ceil(n / beside) <= Math.ceil(n / below);
  const room = inline ? beside : below;
  const fold = Math.ceil(n / room);
  const lines: string[] = [];
  data.series.forEach((series, i) => {
    const spark = sparkline(series.values, fold);
    const label = chalk.bold(series.key.padEnd(labelWidth));
    const painted = paint(chalk, series)(spark);
    if (inline) lines.push(`${label}${painted}${GAP}${stats[i]}`.trimEnd());
    else lines.push(`${label}${painted}`, `${' '.repeat(labelWidth)}${stats[i].trimEnd()}`);
  });
  const marks = Math.ceil(n / fold);
  lines.push(' '.repeat(labelWidth) + chalk.dim(axis(data.labels[0] ?? '', data.labels[n - 1] ?? '', marks)));
  const unit = data.interval === 'hour' ? 'hour' : 'day';
  lines.push(' '.repeat(labelWidth) + chalk.dim(`${n} ${unit}s${fold > 1 ? `, each mark the mean of ${fold} ${unit}s` : ''}`));
  return lines.join('\n') + '\n';
}

function paint(chalk: ChalkInstance, series: ChartSeries): (s: string) => string {
  if (series.money) return chalk.green;
  return series.key === 'clicks' ? chalk.yellow : chalk.cyan;
}

/** One mark per `fold` consecutive values; '·' where a value is not a number (∞, unreadable). */
export function sparkline(values: readonly string[], fold = 1): string {
  const points: number[] = [];
  for (let i = 0; i < values.length; i += fold) {
    const bucket = values.slice(i, i + fold).map((v) => (parseDecimal(v) === null ? NaN : Number(v)));
    points.push(bucket.reduce((a, b) => a + b, 0) / bucket.length);
  }
  const numbers = points.filter((p) => !Number.isNaN(p));
  const [low, high] = [Math.min(...numbers), Math.max(...numbers)];
  return points
    .map((p) => {
      if (Number.isNaN(p)) return '·';
      // A flat series: all at the bottom when it is all zero, else mid-height.
      if (high === low) return high === 0 ? MARKS[0] : MARKS[3];
      return MARKS[Math.round(((p - low) / (high - low)) * (MARKS.length - 1))];
    })
    .join('');
}

/** First label at the left, last at the right end of the sparkline; a short one gets "first – last". */
function axis(first: string, last: string, marks: number): string {
  if (first === last) return first;
  if (marks < first.length + last.length + 1) return `${first} – ${last}`;
  return first + ' '.repeat(marks - first.length - last.length) + last;
}

function statsCells(s: ChartSeries, currency: string): string[] {
  const numbers = s.values.map((v) => ({ v, d: parseDecimal(v) })).filter((x): x is { v: string; d: Decimal } => x.d !== null);
  const pick = (better: (a: Decimal, b: Decimal) => boolean) =>
    numbers.reduce<{ v: string; d: Decimal } | undefined>((acc, x) => (acc === undefined || better(x.d, acc.d) ? x : acc), undefined)?.v ??
    '';
  const unit = s.money && currency ? ` ${currency}` : '';
  return [
    `total ${group(s.total)}${unit}`,
    `min ${group(pick((a, b) => compare(a, b) < 0))}`,
    `max ${group(pick((a, b) => compare(a, b) > 0))}`,
  ];
}

function alignStats(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join(GAP));
}

function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** 1234567.50 → 1,234,567.50; anything that is not a plain number is shown as it is ('' as ?). */
export function group(value: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!m) return value === '' ? '?' : value;
  return m[1] + m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (m[3] ?? '');
}

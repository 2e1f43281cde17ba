// Exact decimal arithmetic for the pulse, so a threshold is never missed by a float rounding.
import { formatDecimal, parseDecimal, plus, type Decimal } from '../core/decimal.js';
import { divideRounded, shift } from '../stats/ratio.js';

export const ZERO: Decimal = { units: 0n, scale: 0 };

/** A figure masg formatted itself (a mean, a change); the service's own are checked by data.ts's `figure`. */
export function dec(s: string | undefined): Decimal {
  return (s === undefined ? null : parseDecimal(s)) ?? ZERO;
}

export function add(a: Decimal, b: Decimal): Decimal {
  // The common case (two amounts with two decimals, two counts) without rescaling.
  return a.scale === b.scale ? { units: a.units + b.units, scale: a.scale } : plus(a, b);
}

export function sub(a: Decimal, b: Decimal): Decimal {
  return plus(a, { units: -b.units, scale: b.scale });
}

export function times(a: Decimal, n: number): Decimal {
  return { units: a.units * BigInt(n), scale: a.scale };
}

export function cmp(a: Decimal, b: Decimal): number {
  if (a.scale === b.scale) return a.units < b.units ? -1 : a.units > b.units ? 1 : 0;
  const d = sub(a, b).units;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export const isZero = (d: Decimal) => d.units === 0n;

export function fmt(d: Decimal, scale: number): string {
  return formatDecimal(d.scale > scale ? divideRounded(d, { units: 1n, scale: 0 }, scale) : d, scale);
}

/** sum / n at `scale` decimals, half-up. */
export function mean(sum: Decimal, n: number, scale: number): Decimal {
  return n === 0 ? ZERO : divideRounded(sum, { units: BigInt(n), scale: 0 }, scale);
}

/** num / den × 10^power at `scale` decimals, or '' when den is zero (no traffic, no ratio). */
export function ratio(num: Decimal, den: Decimal, power: number, scale: number): string {
  return isZero(den) ? '' : formatDecimal(divideRounded(shift(num, power), den, scale), scale);
}

/** Percent change against the mean of `n` days, from the exact sum so the rounded mean never skews it. */
export function changeOf(value: Decimal, sum: Decimal, n: number): Decimal | null {
  if (n === 0 || isZero(sum)) return null;
  return divideRounded(shift(sub(times(value, n), sum), 2), sum, 1);
}

/** The percent change of a ratio against its baseline ratio (both strings; '' means none). */
export function changeOfText(value: string, baseline: string): string | null {
  if (value === '' || baseline === '') return null;
  const b = dec(baseline);
  if (isZero(b)) return null;
  return formatDecimal(divideRounded(shift(sub(dec(value), b), 2), b, 1), 1);
}

/** A change as every face of the pulse shows it: "+12.5 %", "-3.0 %", "–" without a baseline. */
export function changeText(change: string | null): string {
  return change === null ? '–' : `${change.startsWith('-') ? '' : '+'}${change} %`;
}

/** a × b, exactly. */
export function mul(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export const int = (n: number | bigint): Decimal => ({ units: BigInt(n), scale: 0 });

/** The absolute value. */
export const abs = (d: Decimal): Decimal => (d.units < 0n ? { units: -d.units, scale: d.scale } : d);

/** ⌊a / b⌋ for b > 0, exactly (a whole number of days a remainder lasts). */
export function floorDiv(a: Decimal, b: Decimal): bigint {
  const n = a.units * 10n ** BigInt(b.scale);
  const d = b.units * 10n ** BigInt(a.scale);
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/**
 * A threshold given as a JSON number (a share, a percent, a volume) as the decimal it was written
 * as: String(0.56) is "0.56", so 0.56 × 25 is 14 exactly, never 14.000000000000002. JS writes very
 * small or large numbers with an exponent ("1e-7"), read here too.
 */
export function fromNumber(n: number): Decimal {
  const text = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return parseDecimal(text) ?? ZERO;
  const [, sign, int, frac = '', exponent] = m;
  let units = BigInt(int + frac);
  let scale = frac.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** Whether |value × n − sum| is at least `percent` % of |sum|: the change against the mean of n days, decided exactly. */
export function changeAtLeast(value: Decimal, sum: Decimal, n: number, percent: Decimal): boolean {
  return cmp(mul(abs(sub(times(value, n), sum)), int(100)), mul(percent, abs(sum))) >= 0;
}

export { formatDecimal, type Decimal };

// Exact decimal arithmetic on the strings the service sends, for totals rows.
//
// Amounts arrive as strings with two decimals ("12.30", "-0.00") and sometimes as non-numbers:
// an infinite amount is "∞" in XML and "?" in JSON (docs/service-notes.md). Summing through JS numbers
// would give 0.1 + 0.2 = 0.30000000000000004 and lose counts beyond 2^53, so values are scaled
// BigInts: units / 10^scale.

export interface Decimal {
  units: bigint;
  scale: number;
}

/** How the service writes an infinite amount: "∞" (XML &#8734;) or "?" (JSON). */
export const INFINITY_MARKERS: readonly string[] = ['∞', '?'];

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Parse a plain decimal: optional sign, digits, optional fraction — the syntax of Java's
 * BigDecimal (the service's side) without the exponent. Accepts "12", "12.3", "-0.00", "+1",
 * ".5" and "5.". Returns null for anything else ("1e3", "∞", "?", "", "NaN", "1,000") so that
 * callers keep such values as text instead of guessing: an exponent or a thousands separator
 * means the value went through some other formatter, and a guess could be off by 1000×.
 */
export function parseDecimal(s: string): Decimal | null {
  const m = DECIMAL.exec(s.trim());
  if (!m) return null;
  const [, sign, int = '', frac = ''] = m;
  if (int === '' && frac === '') return null; // "", ".", "-"
  const units = BigInt(int + frac || '0');
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/** Exact sum at the larger of the two scales: 0.10 + 0.2 = 0.30. */
export function plus(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

/**
 * Render at the value's own scale (at least `minScale`; never rounds). Zero has no sign:
 * BigInt has no negative zero, so "-0.00" + "0.00" and "-0.00" alone both print "0.00".
 */
export function formatDecimal(d: Decimal, minScale = 0): string {
  const scale = Math.max(d.scale, minScale);
  const units = rescale(d, scale);
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const body = scale === 0 ? int : `${int}.${digits.slice(digits.length - scale)}`;
  return units < 0n ? `-${body}` : body;
}

export type SumState = 'number' | 'infinite' | 'invalid';

/**
 * Accumulates a column for a totals row. The rules, in order of precedence:
 * - any addend that is neither a number, blank nor an infinity marker ("abc", "1e3") makes the
 *   total unknown: value() is '' (an empty cell), and `invalid` counts them so the caller can
 *   warn. A total that silently skipped a value would look exact and be wrong.
 * - else, any infinity marker makes the total that marker (the first one seen, so a JSON report
 *   keeps "?" and an XML one "∞"): ∞ plus anything finite is ∞.
 * - else the exact sum. Blank cells ('' = no value) contribute nothing; the sum of nothing is 0.
 * `integer: true` (counts) treats anything with a decimal point as invalid.
 */
export class DecimalSum {
  private total: Decimal = { units: 0n, scale: 0 };
  private marker: string | undefined;
  invalid = 0;

  constructor(private readonly opts: { integer?: boolean; minScale?: number } = {}) {}

  add(value: string): this {
    const s = value.trim();
    if (s === '') return this;
    const d = this.opts.integer && !/^[+-]?\d+$/.test(s) ? null : parseDecimal(s);
    if (d) this.total = plus(this.total, d);
    else if (INFINITY_MARKERS.includes(s)) this.marker ??= s;
    else this.invalid++;
    return this;
  }

  get state(): SumState {
    if (this.invalid > 0) return 'invalid';
    return this.marker === undefined ? 'number' : 'infinite';
  }

  value(): string {
    if (this.invalid > 0) return '';
    return this.marker ?? formatDecimal(this.total, this.opts.minScale ?? 0);
  }
}

/** a + b with the DecimalSum rules: addDecimal('0.10', '0.20') === '0.30'. */
export function addDecimal(a: string, b: string): string {
  return new DecimalSum().add(a).add(b).value();
}

export function sumDecimals(values: Iterable<string>, minScale = 0): string {
  const sum = new DecimalSum({ minScale });
  for (const v of values) sum.add(v);
  return sum.value();
}

/** Exact integer sum for counts (BigInt: correct beyond 2^53); '' if any value is not an integer. */
export function sumIntegers(values: Iterable<string>): string {
  const sum = new DecimalSum({ integer: true });
  for (const v of values) sum.add(v);
  return sum.value();
}

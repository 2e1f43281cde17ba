// Exact decimal arithmetic on the service's amount strings, for totals rows: JS numbers would give
// 0.1 + 0.2 = 0.30000000000000004 and lose counts beyond 2^53, so values are scaled BigInts.

export interface Decimal {
  units: bigint;
  scale: number;
}

/** How the service writes an infinite amount: "∞" (XML &#8734;) or "?" (JSON). */
export const INFINITY_MARKERS: readonly string[] = ['∞', '?'];

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A plain decimal (BigDecimal syntax, no exponent), or null for "1e3", "∞", "1,000": kept as text, a guess could be off by 1000×. */
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

export function plus(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

/** Render at the value's own scale (at least `minScale`; never rounds). BigInt has no negative zero, so "-0.00" prints "0.00". */
export function formatDecimal(d: Decimal, minScale = 0): string {
  const scale = Math.max(d.scale, minScale);
  const units = rescale(d, scale);
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const body = scale === 0 ? int : `${int}.${digits.slice(digits.length - scale)}`;
  return units < 0n ? `-${body}` : body;
}

export type SumState = 'number' | 'infinite' | 'invalid';

/** A column's total: '' if any addend is unreadable (counted in `invalid`), else the first infinity marker seen, else the exact sum. */
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

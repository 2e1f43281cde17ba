// Exact division for the ratio columns of totals: through JS numbers a ratio could be off by a cent at a rounding boundary.

import type { Decimal } from '../core/decimal.js';

/** num / den rounded half-up (as Java's HALF_UP on the service's side) to `scale` decimals. */
export function divideRounded(num: Decimal, den: Decimal, scale: number): Decimal {
  if (den.units === 0n) throw new RangeError('divideRounded: division by zero'); // caller's bug
  // num/den = (num.units · 10^den.scale) / (den.units · 10^num.scale); shift by 10^scale first.
  const n = num.units * 10n ** BigInt(den.scale + scale);
  const d = den.units * 10n ** BigInt(num.scale);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  if ((an % ad) * 2n >= ad) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** The decimal times 10^k, exactly (× 100 for a percentage, × 1000 for a per-mille price). */
export function shift(d: Decimal, k: number): Decimal {
  return d.scale >= k ? { units: d.units, scale: d.scale - k } : { units: d.units * 10n ** BigInt(k - d.scale), scale: 0 };
}

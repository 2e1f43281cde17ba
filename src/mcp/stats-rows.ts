// The rows of a statistics tool: typed as the command's `-o json` types them, and sorted.
import { parseDecimal } from '../core/decimal.js';
import type { Column } from '../schema/column.js';
import { jsonRecord } from './results.js';

/** A row's values as the command's `-o json` writes them: each key typed by the report's column of that name. */
export function asJson(columns: Column[]): (row: Record<string, string>) => Record<string, string | null> {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return (row) =>
    jsonRecord(
      Object.keys(row).map((key) => byKey.get(key) ?? { key, type: 'string' }),
      row,
    ) as Record<string, string | null>;
}

/** Descending by a figure (exact decimals, ∞ first, blanks last); by date ascending. */
export function compareBy(sort: string): (a: Record<string, string>, b: Record<string, string>) => number {
  if (sort === 'date') return (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  const rank = (v: string | undefined): [number, bigint, number] => {
    if (v === '∞') return [2, 0n, 0];
    const d = v === undefined ? null : parseDecimal(v);
    return d === null ? [0, 0n, 0] : [1, d.units, d.scale];
  };
  return (a, b) => {
    const [ka, ua, sa] = rank(a[sort]);
    const [kb, ub, sb] = rank(b[sort]);
    if (ka !== kb) return kb - ka;
    const scale = Math.max(sa, sb);
    const x = ua * 10n ** BigInt(scale - sa);
    const y = ub * 10n ** BigInt(scale - sb);
    return x === y ? 0 : x < y ? 1 : -1;
  };
}

// A DuckDB value as masg's text in every format: direct conversions for the common types (the
// client's toString() of a DECIMAL or DATE dominated large exports), else the client's own text.

import type { QueryBatch } from './sql-stream.js';

export type Vector = { getItem(i: number): unknown };
export type Chunk = { rowCount: number; columnCount: number; getColumnVector(i: number): Vector };

export function textColumns(chunk: Chunk, columnCount: number): QueryBatch {
  const n = chunk.rowCount;
  const columns = new Array<Array<string | null>>(columnCount);
  for (let c = 0; c < columnCount; c++) {
    const vector = chunk.getColumnVector(c);
    const values = (columns[c] = new Array<string | null>(n));
    for (let i = 0; i < n; i++) values[i] = valueText(vector.getItem(i));
  }
  return { rows: n, columns };
}

// A warehouse has few distinct dates and millions of rows holding them; a result of many
// distinct dates starts the cache afresh rather than growing it without end.
const dates = new Map<number, string>();
export const DATE_CACHE_SIZE = 10_000;

export function valueText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
  }
  if (v instanceof Object && 'scale' in v && 'value' in v && typeof v.value === 'bigint' && typeof v.scale === 'number') {
    return decimalText(v.value, v.scale);
  }
  if (v instanceof Object && 'days' in v && typeof v.days === 'number') {
    let day = dates.get(v.days);
    if (day === undefined) {
      if (dates.size >= DATE_CACHE_SIZE) dates.clear();
      dates.set(v.days, (day = (v as { toString(): string }).toString()));
    }
    return day;
  }
  return (v as { toString(): string }).toString();
}

/** A scaled integer as exact decimal text: 1005n at scale 2 is "10.05". */
export function decimalText(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

// A DuckDB value as masg's text in every format: direct conversions for the common types (the
// client's toString() of a DECIMAL or DATE dominated large exports), else the client's own text.

import type { TextBatch } from '../output/types.js';
import { duckdbBindings } from './duckdb-client.js';
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

type RawChunk = { rowCount: number; chunk: unknown };
type Columns = TextBatch['columns'];

/**
 * A chunk of VARCHAR columns as text bytes, read from DuckDB's own layout (16 bytes a value: the
 * length, then up to 12 bytes inline or a pointer to the rest): no string per value. Short values
 * are read where DuckDB holds them; long ones are copied once into a buffer of the batch. The
 * offsets are reused from one chunk to the next (a TextBatch lives until the writer returns).
 */
export function textBatch(raw: RawChunk, columnCount: number, reuse?: TextBatch): TextBatch {
  const ddb = duckdbBindings();
  const rows = raw.rowCount;
  const columns: Columns = reuse && reuse.columns[0]?.starts.length >= rows ? reuse.columns : [];
  for (let c = 0; c < columnCount; c++) {
    const vector = ddb.data_chunk_get_vector(raw.chunk as Parameters<typeof ddb.data_chunk_get_vector>[0], c);
    const data = ddb.vector_get_data(vector, rows * 16);
    const validity = ddb.vector_get_validity(vector, Math.ceil(rows / 64) * 8) as Uint8Array | null;
    const column = (columns[c] ??= {
      bytes: EMPTY,
      starts: new Int32Array(Math.max(rows, 2048)),
      lengths: new Int32Array(Math.max(rows, 2048)),
    });
    const { starts, lengths } = column;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let long = 0;
    for (let r = 0; r < rows; r++) {
      const length = view.getUint32(r * 16, true);
      if (validity !== null && (validity[r >> 3] & (1 << (r & 7))) === 0) lengths[r] = -1;
      else {
        lengths[r] = length;
        if (length > 12) long += length;
      }
      starts[r] = r * 16 + 4;
    }
    if (long === 0) {
      column.bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      continue;
    }
    const bytes = Buffer.allocUnsafe(rows * 16 + long);
    bytes.set(data);
    let at = rows * 16;
    for (let r = 0; r < rows; r++) {
      const length = lengths[r];
      if (length <= 12) continue;
      bytes.set(ddb.get_data_from_pointer(data.buffer as ArrayBuffer, data.byteOffset + r * 16 + 8, length), at);
      starts[r] = at;
      at += length;
    }
    column.bytes = bytes;
  }
  return { rows, columns };
}

const EMPTY = Buffer.alloc(0);

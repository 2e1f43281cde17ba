// csv and tsv straight from text columns' bytes (TextBatch): one buffer per batch and no string
// per value, so that `masg sql -o csv` keeps up with DuckDB's own COPY. The rules are the COPY
// rules of DuckDB and PostgreSQL: in csv a value is quoted when it holds a comma, a quote, CR or
// LF, and an empty string is `""` so that it differs from NULL (nothing); in tsv backslash, tab,
// LF and CR are escaped, as escapeTsv does, and NULL is empty.

import type { Column, Row, TextBatch } from '../types.js';

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const BACKSLASH = 0x5c;

/** Encodes `batch`'s columns `picked` (indexes, in output order) into `buffer(size)`; returns the bytes written. */
export type TextEncoder = (batch: TextBatch, picked: readonly number[], buffer: (size: number) => Buffer) => Buffer;

/** The most bytes any value can take once quoted or escaped, plus its separator. */
function bound(batch: TextBatch, picked: readonly number[]): number {
  let total = 0;
  for (const c of picked) {
    const lengths = batch.columns[c].lengths;
    for (let r = 0; r < batch.rows; r++) total += lengths[r];
  }
  return 2 * total + 3 * batch.rows * Math.max(picked.length, 1) + 1;
}

export const csvBytes: TextEncoder = (batch, picked, buffer) => {
  const out = buffer(bound(batch, picked));
  const columns = picked.map((c) => batch.columns[c]);
  let at = 0;
  for (let r = 0; r < batch.rows; r++) {
    for (let k = 0; k < columns.length; k++) {
      if (k > 0) out[at++] = COMMA;
      const { bytes, starts, lengths } = columns[k];
      const length = lengths[r];
      if (length <= 0) {
        if (length === 0) {
          out[at++] = QUOTE;
          out[at++] = QUOTE;
        }
        continue;
      }
      const start = starts[r];
      const end = start + length;
      const begin = at;
      let i = start;
      for (; i < end; i++) {
        const b = bytes[i];
        if (b === COMMA || b === QUOTE || b === LF || b === CR) break;
        out[at++] = b;
      }
      if (i === end) continue;
      // Quoted after all: written again from its first byte, quotes doubled.
      at = begin;
      out[at++] = QUOTE;
      for (i = start; i < end; i++) {
        const b = bytes[i];
        if (b === QUOTE) out[at++] = QUOTE;
        out[at++] = b;
      }
      out[at++] = QUOTE;
    }
    out[at++] = LF;
  }
  return out.subarray(0, at);
};

export const tsvBytes: TextEncoder = (batch, picked, buffer) => {
  const out = buffer(bound(batch, picked));
  const columns = picked.map((c) => batch.columns[c]);
  let at = 0;
  for (let r = 0; r < batch.rows; r++) {
    for (let k = 0; k < columns.length; k++) {
      if (k > 0) out[at++] = TAB;
      const { bytes, starts, lengths } = columns[k];
      const end = starts[r] + lengths[r];
      for (let i = starts[r]; i < end; i++) {
        const b = bytes[i];
        if (b === BACKSLASH || b === TAB || b === LF || b === CR) {
          out[at++] = BACKSLASH;
          out[at++] = b === BACKSLASH ? BACKSLASH : b === TAB ? 0x74 : b === LF ? 0x6e : 0x72;
        } else out[at++] = b;
      }
    }
    out[at++] = LF;
  }
  return out.subarray(0, at);
};

/** A text batch as rows, for the formats that need strings (json, a table, a terminal's csv). */
export function* textRows(batch: TextBatch, columns: readonly Column[]): Iterable<Row> {
  for (let r = 0; r < batch.rows; r++) {
    const row: Record<string, string> = {};
    for (let c = 0; c < columns.length; c++) {
      const { bytes, starts, lengths } = batch.columns[c];
      row[columns[c].key] = lengths[r] <= 0 ? '' : bytes.toString('utf8', starts[r], starts[r] + lengths[r]);
    }
    yield row;
  }
}

/** Text values (null for NULL) as a text batch: for a source that has strings already (PostgreSQL's cursor). */
export function textBatchOf(rows: number, columns: ReadonlyArray<ReadonlyArray<string | null>>): TextBatch {
  return {
    rows,
    columns: columns.map((values) => {
      const starts = new Int32Array(rows);
      const lengths = new Int32Array(rows);
      let size = 0;
      for (let r = 0; r < rows; r++) size += values[r] === null ? 0 : Buffer.byteLength(values[r]!);
      const bytes = Buffer.allocUnsafe(size);
      let at = 0;
      for (let r = 0; r < rows; r++) {
        const value = values[r];
        starts[r] = at;
        lengths[r] = value === null ? -1 : bytes.write(value, at);
        at += Math.max(lengths[r], 0);
      }
      return { bytes, starts, lengths };
    }),
  };
}

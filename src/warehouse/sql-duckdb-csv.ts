// masg's CSV straight from a DuckDB chunk: short strings, integers, decimals, booleans and dates go
// from the vectors' memory into one buffer per chunk, with no JS value per cell (three quarters of
// `masg sql -o csv`'s time); any other value takes the row path's valueText and csvField.

import { csvField } from '../output/format/csv.js';
import { duckdbBindings } from './duckdb-client.js';
import { DATE_CACHE_SIZE, valueText, type Chunk } from './sql-duckdb-text.js';

type RawChunk = Parameters<ReturnType<typeof duckdbBindings>['data_chunk_get_vector']>[0];

export interface CsvColumn {
  typeId: number;
  width?: number;
  scale?: number;
}

const TYPE = { BOOLEAN: 1, INTEGER: 4, BIGINT: 5, DATE: 13, HUGEINT: 16, VARCHAR: 17, DECIMAL: 19 };

const enum Kind {
  Text, // the client's value, through valueText
  Int32, // INTEGER, a DECIMAL of width ≤ 9
  Int64, // BIGINT, HUGEINT, a DECIMAL of width > 9: int32 words, exact below 2^53
  Bool,
  Date,
  Varchar,
}

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const CR = 0x0d;
/** Bytes a fast cell may take: "-" and 16 digits, a point, or 12 inline bytes of a string. */
const CELL_BYTES = 24;

const dateBytes = new Map<number, Buffer>();
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

/** The chunk's rows as CSV lines (no header), byte for byte what the row path writes. */
export function csvChunk(chunk: Chunk & { chunk: RawChunk }, columns: readonly CsvColumn[]): Buffer {
  const bindings = duckdbBindings();
  const n = chunk.rowCount;
  const count = columns.length;
  const kinds: Kind[] = [];
  const scales: number[] = [];
  const units: number[] = [];
  const words: Array<Int32Array | undefined> = [];
  const bytes: Array<Uint8Array | undefined> = [];
  const valid: Array<Uint32Array | undefined> = [];
  for (let c = 0; c < count; c++) {
    const raw = bindings.data_chunk_get_vector(chunk.chunk, c);
    const mask = bindings.vector_get_validity(raw, Math.ceil(n / 64) * 8) as Uint8Array | null;
    valid.push(mask ? new Uint32Array(mask.buffer, mask.byteOffset, Math.ceil(n / 32)) : undefined);
    const { kind, width } = kindOf(columns[c]);
    kinds.push(kind);
    scales.push(columns[c].scale ?? 0);
    units.push(10 ** (columns[c].scale ?? 0));
    const data = kind === Kind.Text ? undefined : bindings.vector_get_data(raw, n * width);
    bytes.push(data);
    words.push(data && width % 4 === 0 ? new Int32Array(data.buffer, data.byteOffset, (n * width) / 4) : undefined);
  }

  let buf = Buffer.allocUnsafe(n * count * 12 + 1024);
  let pos = 0;
  const room = (more: number) => {
    if (pos + more <= buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + more));
    buf.copy(bigger, 0, 0, pos);
    buf = bigger;
  };
  const text = (value: string | null) => {
    if (value === null) return;
    const field = csvField(value);
    room(field.length * 3 + count * CELL_BYTES);
    pos += buf.write(field, pos);
  };
  const copy = (from: Uint8Array) => {
    room(from.length + count * CELL_BYTES);
    for (let k = 0; k < from.length; k++) buf[pos++] = from[k];
  };
  /** 0 ≤ v < 2^53 as decimal digits; int32 arithmetic below 2^31, the common case. */
  const digits = (v: number) => {
    if (v >= 0x80000000) {
      let size = 10;
      for (let m = 1e10; m <= v; m *= 10) size++;
      let p = (pos += size);
      while (v >= 10) {
        const q = Math.floor(v / 10);
        buf[--p] = 48 + (v - q * 10);
        v = q;
      }
      buf[p - 1] = 48 + v;
      return;
    }
    let x = v | 0;
    let p = (pos += digitCount(x));
    while (x >= 10) {
      const q = (x / 10) | 0;
      buf[--p] = 48 + (x - q * 10);
      x = q;
    }
    buf[p - 1] = 48 + x;
  };
  /** A scaled integer (|v| < 2^53) as decimalText writes it. */
  const decimal = (v: number, scale: number, unit: number) => {
    if (v < 0) {
      buf[pos++] = 0x2d;
      v = -v;
    }
    if (scale === 0) return digits(v);
    let whole = Math.floor(v / unit);
    if (whole * unit > v) whole--;
    digits(whole);
    buf[pos++] = 0x2e;
    let fraction = v - whole * unit;
    for (let d = scale - 1; d >= 0; d--) {
      const q = Math.floor(fraction / 10);
      buf[pos + d] = 48 + (fraction - q * 10);
      fraction = q;
    }
    pos += scale;
  };
  const generic = (c: number, i: number) => text(valueText(chunk.getColumnVector(c).getItem(i)));

  for (let i = 0; i < n; i++) {
    room(count * CELL_BYTES);
    for (let c = 0; c < count; c++) {
      if (c > 0) buf[pos++] = COMMA;
      const mask = valid[c];
      if (mask !== undefined && (mask[i >>> 5] & (1 << (i & 31))) === 0) continue; // NULL: an empty field
      switch (kinds[c]) {
        case Kind.Int32:
          decimal(words[c]![i], scales[c], units[c]);
          break;
        case Kind.Int64: {
          const w = words[c]!;
          const step = w.length / n;
          const high = w[i * step + 1];
          // Exact only below 2^53 (and a HUGEINT's upper half a mere sign): else the client's text.
          if (high >= 0x200000 || high < -0x200000 || (step === 4 && (w[i * 4 + 2] !== high >> 31 || w[i * 4 + 3] !== high >> 31))) {
            generic(c, i);
          } else decimal(high * 0x100000000 + (w[i * step] >>> 0), scales[c], units[c]);
          break;
        }
        case Kind.Bool:
          copy(bytes[c]![i] ? TRUE : FALSE);
          break;
        case Kind.Date: {
          const day = words[c]![i];
          let date = dateBytes.get(day);
          if (date === undefined) {
            if (dateBytes.size >= DATE_CACHE_SIZE) dateBytes.clear();
            dateBytes.set(day, (date = Buffer.from(csvField(valueText(chunk.getColumnVector(c).getItem(i))!))));
          }
          copy(date);
          break;
        }
        case Kind.Varchar: {
          // duckdb_string_t: a 4-byte length, then up to 12 bytes inline, or a prefix and a pointer.
          const length = words[c]![i * 4];
          const data = bytes[c]!;
          const start = i * 16 + 4;
          let plain = length <= 12;
          // Plain ASCII with nothing to quote is copied as is; anything else takes the text path.
          for (let k = 0; plain && k < length; k++) {
            const b = data[start + k];
            if (b >= 0x80 || b === QUOTE || b === COMMA || b === NEWLINE || b === CR) plain = false;
            else buf[pos + k] = b;
          }
          if (plain) pos += length;
          else generic(c, i);
          break;
        }
        default:
          generic(c, i);
      }
    }
    buf[pos++] = NEWLINE;
  }
  return buf.subarray(0, pos);
}

function kindOf(column: CsvColumn): { kind: Kind; width: number } {
  switch (column.typeId) {
    case TYPE.BOOLEAN:
      return { kind: Kind.Bool, width: 1 };
    case TYPE.INTEGER:
      return { kind: Kind.Int32, width: 4 };
    case TYPE.DATE:
      return { kind: Kind.Date, width: 4 };
    case TYPE.BIGINT:
      return { kind: Kind.Int64, width: 8 };
    case TYPE.HUGEINT:
      return { kind: Kind.Int64, width: 16 };
    case TYPE.VARCHAR:
      return { kind: Kind.Varchar, width: 16 };
    case TYPE.DECIMAL: {
      // DuckDB stores a DECIMAL in 2, 4, 8 or 16 bytes by its width.
      const width = column.width!;
      if (width <= 4) return { kind: Kind.Text, width: 0 };
      return width <= 9 ? { kind: Kind.Int32, width: 4 } : { kind: Kind.Int64, width: width <= 18 ? 8 : 16 };
    }
    default:
      return { kind: Kind.Text, width: 0 };
  }
}

function digitCount(x: number): number {
  if (x < 100000) return x < 10 ? 1 : x < 100 ? 2 : x < 1000 ? 3 : x < 10000 ? 4 : 5;
  return x < 1000000 ? 6 : x < 10000000 ? 7 : x < 100000000 ? 8 : x < 1000000000 ? 9 : 10;
}

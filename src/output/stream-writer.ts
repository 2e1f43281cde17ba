// Machine formats (csv, tsv, json, ndjson) stream in batches under backpressure, and need nothing
// of a terminal's layout: a table, which needs every width first, is table-writer.ts.

import { cellValues, selectColumns } from './columns.js';
import { createCsvEncoder, createTsvEncoder } from './format/csv.js';
import { createJsonArrayEncoder, createNdjsonEncoder } from './format/json.js';
import { csvBytes, textRows, tsvBytes } from './format/text-bytes.js';
import { terminalView } from './sanitize.js';
import { createSink } from './sink.js';
import type { Column, OutStream, OutputSettings, Row, RowWriter, TextBatch } from './types.js';

interface Encoder {
  header(): string;
  rows(batch: readonly string[][]): string;
  /** Straight from the row's keys (csv, tsv): no array per row. */
  line?(row: Row): string;
  end(): string;
}

// Rows per out.write(): big enough for large exports, small enough for flat memory; a partial batch goes out next tick.
const BATCH_ROWS = 512;
const DONE = Promise.resolve();

function createEncoder(columns: Column[], s: OutputSettings): Encoder {
  switch (s.format) {
    case 'csv':
      return createCsvEncoder(columns, s.header);
    case 'tsv':
      return createTsvEncoder(columns, s.header);
    case 'json':
      return createJsonArrayEncoder(columns);
    case 'ndjson':
      return createNdjsonEncoder(columns);
    default:
      throw new Error(`not a streaming format: ${s.format}`);
  }
}

/** csv, tsv, json or ndjson; unknown `--fields` throw at once. `totals` are never written: a spreadsheet would sum a totals line again. */
export function createStreamWriter(out: OutStream, columns: readonly Column[], settings: OutputSettings): RowWriter {
  const cols = selectColumns(columns, settings.fields);
  const sink = createSink(out, settings.signal);
  const show = terminalView(out);
  const encoder = createEncoder(cols, settings);
  const textBatch = textBatchWriter(out, columns, cols, settings);
  let batch: string[][] = [];
  let lines = '';
  let count = 0;
  let started = false;
  let scheduled: NodeJS.Immediate | undefined;

  const flush = (final: boolean) => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    let text = started ? '' : encoder.header();
    started = true;
    text += lines;
    if (batch.length > 0) text += encoder.rows(batch);
    lines = '';
    batch = [];
    count = 0;
    if (final) text += encoder.end();
    if (text !== '') sink.write(show(text));
  };

  const push = (row: Row) => {
    if (encoder.line) lines += encoder.line(row);
    else batch.push(cellValues(cols, row));
    if (++count >= BATCH_ROWS) flush(false);
    else scheduled ??= setImmediate(() => flush(false));
  };

  // Slow writes are chained, so rows keep their order even when a caller does not await each write().
  let slow: Promise<void> | undefined;
  let slowCount = 0;
  const later = (step: () => void): Promise<void> => {
    slowCount++;
    const run = async () => {
      // Never add to a stream that asked us to wait: this is what keeps memory flat.
      await sink.ready();
      step();
    };
    const done = (slow ?? DONE).then(run).finally(() => slowCount--);
    slow = done.catch(() => {});
    return done;
  };

  return {
    write(row) {
      // The common case returns nothing, so a caller awaiting only what it gets spends no microtask per row.
      if (!sink.blocked && slowCount === 0) {
        push(row);
        return;
      }
      return later(() => push(row));
    },
    writeText(batch) {
      // Encoded at once: the batch's bytes are the source's only until this returns.
      if (textBatch === undefined || slowCount > 0) {
        for (const row of textRows(batch, columns)) push(row);
      } else {
        if (!started || count > 0) flush(false);
        textBatch(batch, (bytes) => sink.write(bytes));
      }
      return sink.blocked ? sink.ready() : undefined;
    },
    async end() {
      await later(() => flush(true));
      await sink.ready();
    },
  };
}

/**
 * csv and tsv of a text batch as bytes (format/text-bytes.ts), into one buffer reused while the
 * stream keeps nothing of it (a file or /dev/null written synchronously); undefined where text
 * must pass through the terminal's escaping.
 */
function textBatchWriter(out: OutStream, all: readonly Column[], cols: readonly Column[], s: OutputSettings) {
  if ((s.format !== 'csv' && s.format !== 'tsv') || (out as { isTTY?: boolean }).isTTY === true) return undefined;
  const encode = s.format === 'csv' ? csvBytes : tsvBytes;
  const picked = cols.map((c) => all.indexOf(c));
  const stream = out as { fd?: unknown; writableLength?: number };
  let spare: Buffer | undefined;
  let used: Buffer | undefined;
  const buffer = (size: number) =>
    (used = spare !== undefined && spare.length >= size ? spare : Buffer.allocUnsafe(Math.max(size, 1 << 16)));
  return (batch: TextBatch, write: (bytes: Buffer) => void): void => {
    write(encode(batch, picked, buffer));
    // Fresh buffers per batch are memory outside the heap that V8 collects late (tens of MB at the peak).
    spare = typeof stream.fd === 'number' && stream.writableLength === 0 ? used : undefined;
  };
}

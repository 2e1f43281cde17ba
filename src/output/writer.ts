// Machine formats stream in batches under backpressure; a table needs every width first, so buffers.

import { UsageError } from '../core/errors.js';
import { createChalk } from './color.js';
import { cellValues, selectColumns } from './columns.js';
import { createCsvEncoder, createTsvEncoder } from './format/csv.js';
import { createJsonArrayEncoder, createNdjsonEncoder } from './format/json.js';
import { csvBytes, textRows, tsvBytes } from './format/text-bytes.js';
import { terminalView } from './sanitize.js';
import { createSink } from './sink.js';
import { TABLE_ROW_LIMIT, renderTable } from './table.js';
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

/** Unknown `--fields` throw at once; `totals` are drawn by tables only (a spreadsheet would sum a totals line again). */
export function createRowWriter(out: OutStream, columns: readonly Column[], settings: OutputSettings): RowWriter {
  const cols = selectColumns(columns, settings.fields);
  if (settings.format === 'table') return withTextRows(createTableWriter(out, cols, settings), columns);

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

/** A table takes a text batch as rows (it holds every row anyway). */
function withTextRows(table: Omit<RowWriter, 'writeText'>, columns: readonly Column[]): RowWriter {
  const writeText = (batch: TextBatch) => {
    for (const row of textRows(batch, columns)) void table.write(row);
  };
  return { ...table, writeText };
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

export function tableTooLong(limit = TABLE_ROW_LIMIT): UsageError {
  return new UsageError(
    `More than ${limit.toLocaleString('en-US')} rows: too many for a table, which holds every row to size its columns. Nothing was printed.`,
    {
      field: '-o',
      hint: 'Use -o csv, tsv, json or ndjson, which write any number of rows as they arrive (e.g. -o csv > list.csv, or --out list.csv).',
    },
  );
}

/** `limit` is lifted only by bench/table.js, to show that drawing stays linear at 10× the rows. */
export function createTableWriter(
  out: OutStream,
  cols: readonly Column[],
  settings: OutputSettings,
  limit = TABLE_ROW_LIMIT,
): Omit<RowWriter, 'writeText'> {
  // Column-major: an array per row, held to the end, would be most of the garbage collector's work on big tables.
  const keys = cols.map((c) => c.key);
  const values: string[][] = keys.map(() => []);
  let rows = 0;
  return {
    write(row) {
      if (rows >= limit) throw tableTooLong(limit);
      for (let i = 0; i < keys.length; i++) values[i].push(row[keys[i]] ?? '');
      rows++;
    },
    async end(totals) {
      const chalk = await createChalk(settings.color);
      const sink = createSink(out, settings.signal);
      // Encoded into a worst-case buffer: the stream's Buffer.from would first measure each two-byte (box drawing) chunk.
      const emit = (text: string) => {
        const bytes = Buffer.allocUnsafe(text.length * 3);
        sink.write(bytes.subarray(0, bytes.write(text)));
        return sink.blocked ? sink.ready() : undefined;
      };
      await renderTable(
        cols,
        { values, rows },
        {
          chalk,
          width: settings.width,
          wide: settings.wide,
          caption: settings.caption,
          records: settings.records,
          totals: totals && cellValues(cols, totals),
        },
        emit,
      );
      await sink.ready();
    },
  };
}

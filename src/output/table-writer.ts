// A table buffers every row until end(): it needs every width first (table.ts lays it out).

import { UsageError } from '../core/errors.js';
import { createChalk } from './color.js';
import { cellValues, selectColumns } from './columns.js';
import { textRows } from './format/text-bytes.js';
import { createSink } from './sink.js';
import { TABLE_ROW_LIMIT, renderTable } from './table.js';
import type { Column, OutStream, OutputSettings, RowWriter, TextBatch } from './types.js';

/** A table's row writer; unknown `--fields` throw at once, `totals` are drawn as its last row. */
export function createTableRowWriter(out: OutStream, columns: readonly Column[], settings: OutputSettings): RowWriter {
  return withTextRows(createTableWriter(out, selectColumns(columns, settings.fields), settings), columns);
}

/** A table takes a text batch as rows (it holds every row anyway). */
function withTextRows(table: Omit<RowWriter, 'writeText'>, columns: readonly Column[]): RowWriter {
  const writeText = (batch: TextBatch) => {
    for (const row of textRows(batch, columns)) void table.write(row);
  };
  return { ...table, writeText };
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

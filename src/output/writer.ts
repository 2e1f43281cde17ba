// The row writer of any format, chosen at once: csv, tsv, json and ndjson stream
// (stream-writer.ts), a table buffers (table-writer.ts). It loads both; the output port finds the
// chosen format's writer alone (formats.ts), so an export to csv never loads the table layout.

import { createStreamWriter } from './stream-writer.js';
import { createTableRowWriter } from './table-writer.js';
import type { Column, OutStream, OutputSettings, RowWriter } from './types.js';

export { createTableWriter, tableTooLong } from './table-writer.js';

/** Unknown `--fields` throw at once; `totals` are drawn by tables only (a spreadsheet would sum a totals line again). */
export function createRowWriter(out: OutStream, columns: readonly Column[], settings: OutputSettings): RowWriter {
  return settings.format === 'table' ? createTableRowWriter(out, columns, settings) : createStreamWriter(out, columns, settings);
}

// The one module that writes to the console (docs/architecture.md, "Output"). Everything heavy
// (the table renderer and string-width, chalk, ora) is imported on first use, so loading this module from
// src/cli.ts costs nothing for `masg --help`.

import { createChalk } from './color.js';
import { cellValues, selectColumns } from './columns.js';
import { jsonObject } from './format/json.js';
import type { Column, OutStream, OutputFormat, OutputSettings, Row } from './types.js';
import { terminalView } from './sanitize.js';
import { createSink } from './sink.js';
import { createRowWriter } from './writer.js';

export type { Column, ColumnType, OutStream, OutputFormat, OutputSettings, Row, RowWriter } from './types.js';
export { OUTPUT_FORMATS } from './types.js';
export { decideColor, type ColorFlag, type ColorInputs } from './color.js';
export { parseFields, selectColumns } from './columns.js';
export { sanitizeForDisplay } from './sanitize.js';
export { createRowWriter, writeCsvBytes, writesCsvBytes, type CsvBytes } from './writer.js';
export { createUi, type Ui, type UiOptions, type Spinner } from './ui.js';
export { describeError, type ErrorDescription } from './describe-error.js';

/**
 * `table` on a terminal; `tsv` when stdout is not one. Piped output is for scripts: one record
 * per line, tab-separated, with a header, no colour, no box drawing and no truncation, so
 * `masg pub list | cut -f1` and `awk -F'\t'` just work (the convention of gh and kubectl's plain
 * output). It is exactly `-o tsv`, so there is one format to document, not a hidden third one.
 */
export function defaultFormat(stdoutIsTTY: boolean): OutputFormat {
  return stdoutIsTTY ? 'table' : 'tsv';
}

/**
 * Write a whole list. An empty list is still a document: a header-only csv/tsv, `[]` for json,
 * nothing for ndjson, and for a table the header with no rows (on stdout, like any result; a
 * "nothing found" remark, if wanted, is the command's to send to stderr through the Ui).
 */
export async function renderRows(
  out: OutStream,
  columns: readonly Column[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  settings: OutputSettings,
  opts: { totals?: Row } = {},
): Promise<void> {
  const writer = createRowWriter(out, columns, settings);
  for await (const row of rows) await writer.write(row);
  await writer.end(opts.totals);
}

/**
 * One entity (create/update/view results): vertical "field value" lines in a table, a single
 * object (not an array) in json, one line in ndjson, a header and one record in csv/tsv.
 */
export async function renderRecord(out: OutStream, columns: readonly Column[], record: Row, settings: OutputSettings): Promise<void> {
  const cols = selectColumns(columns, settings.fields);
  const values = cellValues(cols, record);
  let text: string;
  switch (settings.format) {
    case 'table': {
      const { renderVertical } = await import('./table.js');
      text = await renderVertical(cols, values, { chalk: await createChalk(settings.color), width: settings.width, wide: settings.wide });
      break;
    }
    // JSON escapes C0 itself; DEL, C1 and bidi controls are escaped on a terminal (`\uXXXX`, the
    // same JSON value), as csv/tsv are.
    case 'json':
      text = terminalView(out)(jsonObject(cols, values, 2) + '\n');
      break;
    case 'ndjson':
      text = terminalView(out)(jsonObject(cols, values) + '\n');
      break;
    default:
      return renderRows(out, cols, [record], { ...settings, fields: undefined });
  }
  const sink = createSink(out);
  sink.write(text);
  await sink.ready();
}

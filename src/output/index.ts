// The one module that writes to the console; everything heavy is imported on first use.

import { createChalk } from './color.js';
import { cellValues, selectColumns } from './columns.js';
import { jsonObject } from './format/json.js';
import type { Column, OutStream, OutputFormat, OutputSettings, Row } from './types.js';
import { terminalView } from './sanitize.js';
import { createSink } from './sink.js';
import { createRowWriter } from './writer.js';
import { renderVertical } from './record-view.js';

export type { Column, ColumnType, OutStream, OutputFormat, OutputSettings, Row, RowWriter } from './types.js';
export { OUTPUT_FORMATS } from './types.js';
export { decideColor, type ColorFlag, type ColorInputs } from './color.js';
export { parseFields, selectColumns } from './columns.js';
export { sanitizeForDisplay } from './sanitize.js';
export { createRowWriter } from './writer.js';
export { createUi, type Ui, type UiOptions, type Spinner } from './ui.js';
export { describeError, type ErrorDescription } from './describe-error.js';

/** `table` on a terminal, else exactly `-o tsv`, so `cut` and `awk` just work and no hidden format exists. */
export function defaultFormat(stdoutIsTTY: boolean): OutputFormat {
  return stdoutIsTTY ? 'table' : 'tsv';
}

/** An empty list is still a document: a header-only csv/tsv, `[]` for json, a table's header. */
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

export async function renderRecord(out: OutStream, columns: readonly Column[], record: Row, settings: OutputSettings): Promise<void> {
  const cols = selectColumns(columns, settings.fields);
  const values = cellValues(cols, record);
  let text: string;
  switch (settings.format) {
    case 'table': {
      text = await renderVertical(cols, values, { chalk: await createChalk(settings.color), width: settings.width, wide: settings.wide });
      break;
    }
    // JSON escapes C0 itself; DEL, C1 and bidi controls are escaped on a terminal, as csv/tsv are.
    case 'json':
      text = terminalView(out)(jsonObject(cols, values, 2) + '\n');
      break;
    case 'ndjson':
      text = terminalView(out)(jsonObject(cols, values) + '\n');
      break;
    default:
      return renderRows(out, cols, [record], { ...settings, fields: undefined });
  }
  const sink = createSink(out, settings.signal);
  sink.write(text);
  await sink.ready();
}

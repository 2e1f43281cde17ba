// The output formats' registry: the one place that finds the chosen format's writer. csv, tsv,
// json and ndjson stream (stream-writer.ts) and are loaded with the port; what only a terminal
// draws (a table, a record view, a chart: terminal.ts) is imported here, once, the first time it
// is drawn, as the command registry imports a command's handler. So `--out x.csv` loads no layout.
import { cellValues, selectColumns } from './columns.js';
import { jsonObject } from './format/json.js';
import { terminalView } from './sanitize.js';
import { createSink } from './sink.js';
import { createStreamWriter } from './stream-writer.js';
import type { Column, OutStream, OutputFormat, OutputSettings, Row, RowWriter } from './types.js';

export type MakeRowWriter = (out: OutStream, columns: readonly Column[], settings: OutputSettings) => RowWriter;

/** The table layout, the record view and the chart: a terminal's drawing, loaded when first drawn. */
const terminalLayout = () => import('./terminal.js');

/** The function that makes `format`'s row writer, once its module is loaded (a report opens its writer synchronously). */
export async function rowWriterFor(format: OutputFormat): Promise<MakeRowWriter> {
  return format === 'table' ? (await terminalLayout()).createTableRowWriter : createStreamWriter;
}

/** Unknown `--fields` reject before any row is written. */
export async function openRowWriter(out: OutStream, columns: readonly Column[], settings: OutputSettings): Promise<RowWriter> {
  return (await rowWriterFor(settings.format))(out, columns, settings);
}

/** An empty list is still a document: a header-only csv/tsv, `[]` for json, a table's header. */
export async function renderRows(
  out: OutStream,
  columns: readonly Column[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  settings: OutputSettings,
  opts: { totals?: Row } = {},
): Promise<void> {
  const writer = await openRowWriter(out, columns, settings);
  for await (const row of rows) await writer.write(row);
  await writer.end(opts.totals);
}

export async function renderRecord(out: OutStream, columns: readonly Column[], record: Row, settings: OutputSettings): Promise<void> {
  const cols = selectColumns(columns, settings.fields);
  const values = cellValues(cols, record);
  let text: string;
  switch (settings.format) {
    case 'table':
      text = await (await terminalLayout()).drawRecord(cols, values, settings);
      break;
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

/** A report's --chart (on a terminal only): its sums per interval, and their drawing. */
export async function openChart(
  interval: 'day' | 'hour',
  series: readonly string[],
  settings: OutputSettings,
): Promise<{ add(row: Row): void; text(): string }> {
  return (await terminalLayout()).openChart(interval, series, settings);
}

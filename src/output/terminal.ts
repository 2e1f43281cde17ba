// What only a terminal's format draws: a table, one record shown vertically, a chart (and its sums). The output
// formats' registry (formats.ts) imports this file the first time `-o table` is drawn, so csv,
// tsv, json and ndjson never load the layout (fit, widths, wrapping, box drawing) or chalk.
import { ChartAccumulator } from './chart-series.js';
import { renderChart } from './chart.js';
import { createChalk } from './color.js';
import { renderVertical } from './record-view.js';
import type { Column, OutputSettings, Row } from './types.js';

export { createTableRowWriter } from './table-writer.js';

/** One entity as "field  value" lines in a box (create/update/view results). */
export async function drawRecord(columns: readonly Column[], values: readonly string[], settings: OutputSettings): Promise<string> {
  return renderVertical(columns, values, { chalk: await createChalk(settings.color), width: settings.width, wide: settings.wide });
}

/** A report's --chart: exact sums per interval as rows arrive, drawn once they are all in. */
export async function openChart(
  interval: 'day' | 'hour',
  series: readonly string[],
  settings: OutputSettings,
): Promise<{ add(row: Row): void; text(): string }> {
  const sums = new ChartAccumulator(interval, series);
  const chalk = await createChalk(settings.color);
  return { add: (row) => sums.add(row), text: () => renderChart(sums.data(), { width: settings.width, chalk }) };
}

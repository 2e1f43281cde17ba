// What only a terminal's format draws: a table, one record shown vertically, a chart. The output
// formats' registry (formats.ts) imports this file the first time `-o table` is drawn, so csv,
// tsv, json and ndjson never load the layout (fit, widths, wrapping, box drawing) or chalk.
import type { ChartData } from './chart-series.js';
import { renderChart } from './chart.js';
import { createChalk } from './color.js';
import { renderVertical } from './record-view.js';
import type { Column, OutputSettings } from './types.js';

export { createTableRowWriter } from './table-writer.js';

/** One entity as "field  value" lines in a box (create/update/view results). */
export async function drawRecord(columns: readonly Column[], values: readonly string[], settings: OutputSettings): Promise<string> {
  return renderVertical(columns, values, { chalk: await createChalk(settings.color), width: settings.width, wide: settings.wide });
}

export async function drawChart(data: ChartData, settings: OutputSettings): Promise<string> {
  return renderChart(data, { width: settings.width, chalk: await createChalk(settings.color) });
}

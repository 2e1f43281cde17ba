// Tables for people at a terminal (cli-table3). Every cell is sanitized (server text must not
// drive the terminal), numbers are right-aligned, and colour comes only from the chalk instance
// passed in: cli-table3's own colouring (global @colors state) is switched off.

import type { ChalkInstance } from 'chalk';
import { paintStatus } from './color.js';
import { sanitizeForDisplay } from './sanitize.js';
import type { Column } from './types.js';
import { cellWidth, fitWidths, wrapText } from './wrap.js';

export interface TableOptions {
  chalk: ChalkInstance;
  totals?: string[];
  /** Terminal width; undefined = no limit (never set when piped). */
  width?: number;
}

const NO_LIB_STYLE = { head: [] as string[], border: [] as string[] };

/**
 * The most rows a table takes. A table sizes its columns from every row, so it holds them all
 * before drawing the first line; past a screenful nobody reads a table anyway, and cli-table3
 * needs seconds per thousand rows. csv, tsv, json and ndjson stream any number of rows.
 */
export const TABLE_ROW_LIMIT = 10_000;

function isNumeric(column: Column): boolean {
  return column.type === 'int' || column.type === 'decimal';
}

/** A list as a table: header, rows, and an optional totals row set apart by a rule and bold. */
export async function renderTable(columns: readonly Column[], rows: readonly string[][], opts: TableOptions): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const { chalk } = opts;
  const head = columns.map((c) => sanitizeForDisplay(c.header ?? c.key));
  let body = rows.map((values) => values.map(sanitizeForDisplay));
  let totals = opts.totals?.map(sanitizeForDisplay);
  if (totals && totals[0] === '') totals[0] = 'Total';

  if (opts.width !== undefined) {
    const all = [head, ...body, ...(totals ? [totals] : [])];
    const natural = columns.map((_, i) => Math.max(...all.map((r) => cellWidth(r[i] ?? ''))));
    const widths = fitWidths(natural, opts.width, columns.map((c) => c.wrap === true));
    if (widths) {
      const wrap = (r: string[]) => r.map((v, i) => wrapText(v, widths[i]!));
      body = body.map(wrap);
      totals = totals && wrap(totals);
    }
  }

  const table = new Table({ head: head.map((h) => chalk.bold(h)), style: NO_LIB_STYLE });
  const cell = (value: string, i: number, emphasis?: (s: string) => string) => {
    const column = columns[i]!;
    let content = column.key === 'status' ? paintStatus(chalk, value) : value;
    if (emphasis) content = emphasis(content);
    return isNumeric(column) ? { content, hAlign: 'right' as const } : content;
  };
  for (const values of body) table.push(values.map((v, i) => cell(v, i)));
  if (totals) table.push(totals.map((v, i) => cell(v, i, chalk.bold)));
  return keepRules(table.toString(), { header: true, beforeLast: totals !== undefined }) + '\n';
}

/** One entity shown vertically, a "field  value" line each (create/update/view results). */
export async function renderVertical(columns: readonly Column[], values: readonly string[], opts: TableOptions): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const { chalk } = opts;
  const labels = columns.map((c) => sanitizeForDisplay(c.header ?? c.key));
  let shown = values.map(sanitizeForDisplay);
  if (opts.width !== undefined) {
    const labelWidth = Math.max(...labels.map(cellWidth));
    const widths = fitWidths([labelWidth, Math.max(0, ...shown.map(cellWidth))], opts.width, [false, true]);
    if (widths) shown = shown.map((v) => wrapText(v, widths[1]!));
  }
  const table = new Table({ style: NO_LIB_STYLE });
  columns.forEach((column, i) => {
    const value = shown[i] ?? '';
    table.push([chalk.bold(labels[i]!), column.key === 'status' ? paintStatus(chalk, value) : value]);
  });
  return keepRules(table.toString(), { header: false, beforeLast: false }) + '\n';
}

/**
 * cli-table3 draws a rule between every pair of rows; a long list reads better without them.
 * Keep only the rule under the header and, when asked, the one above the totals row. Rule lines
 * are the only lines starting with "├": content lines start with "│".
 */
function keepRules(text: string, keep: { header: boolean; beforeLast: boolean }): string {
  const lines = text.split('\n');
  const rules = lines.flatMap((line, i) => (line.startsWith('├') ? [i] : []));
  const kept = new Set<number>();
  if (keep.header && rules.length > 0) kept.add(rules[0]!);
  if (keep.beforeLast && rules.length > 0) kept.add(rules[rules.length - 1]!);
  return lines.filter((line, i) => !line.startsWith('├') || kept.has(i)).join('\n');
}

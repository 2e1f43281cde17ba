// Tables for people at a terminal, drawn in one pass: measure every cell once, choose the layout
// (fit.ts), then write each row once. The look is cli-table3's (which this replaced: its layout
// rescanned earlier rows for every cell, quadratic in the rows): the same box characters, one
// space of padding, a rule only under the header and above the totals row, numbers right-aligned.
// Every cell is sanitized (server text must not drive the terminal); colour comes only from the
// chalk instance passed in, applied after any cut, so no escape sequence is ever cut.

import type { ChalkInstance } from 'chalk';
import { paintStatus } from './color.js';
import { layoutTable, uniquePrefixLength, type ColumnMeasure } from './fit.js';
import { sanitizeForDisplay } from './sanitize.js';
import type { Column } from './types.js';
import { displayWidth, ELLIPSIS, loadWidth, longestWord, truncate, wrapWords } from './width.js';

export interface TableOptions {
  chalk: ChalkInstance;
  totals?: string[];
  /** Terminal width; undefined = unknown (piped): nothing is fitted, cut or wrapped. */
  width?: number;
  /** --wide: every value whole; free text wrapped at spaces to fit where it can. */
  wide?: boolean;
}

// The characters sanitizeForDisplay changes (controls, and so every escape sequence, and the
// bidirectional overrides): one test per cell instead of three replaces on big tables.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const clean = (value: string) => (UNSAFE.test(value) ? sanitizeForDisplay(value) : value);

/**
 * The most rows a table takes. A table sizes its columns from every row, so it holds them all
 * before drawing the first line; that is memory for the rows (about 1 KB each), and past a few
 * screenfuls nobody reads a table anyway. csv, tsv, json and ndjson stream any number of rows.
 */
export const TABLE_ROW_LIMIT = 100_000;

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x20-\x7e]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PRIORITY = 2;
const BATCH = 256;
/** Borders and padding of a two-column record view; the narrowest a value is squeezed to. */
const frame2 = 7;
const VALUE_MIN = 10;

const isNumeric = (column: Column) => column.type === 'int' || column.type === 'decimal';

interface Box {
  top: string;
  rule: string;
  bottom: string;
}

function box(widths: readonly number[]): Box {
  const runs = widths.map((w) => '─'.repeat(w + 2));
  return { top: `┌${runs.join('┬')}┐`, rule: `├${runs.join('┼')}┤`, bottom: `└${runs.join('┴')}┘` };
}

/**
 * One table line (or several, for a row whose cells wrap). `cells[k]` holds the lines of the k-th
 * shown cell, already cut to fit; `paint` colours a line after its width was taken; `known[k]`
 * is the width of a one-line cell when already measured (-1 when not).
 */
function drawRow(
  cells: readonly string[][],
  widths: readonly number[],
  right: readonly boolean[],
  paint: (k: number, line: string) => string,
  known?: readonly number[],
): string {
  let height = 1;
  for (const c of cells) if (c.length > height) height = c.length;
  let text = '';
  for (let line = 0; line < height; line++) {
    text += '│';
    for (let k = 0; k < cells.length; k++) {
      const value = cells[k]![line] ?? '';
      const used = known && height === 1 && known[k]! >= 0 ? known[k]! : displayWidth(value);
      const fill = ' '.repeat(Math.max(0, widths[k]! - used));
      const shown = value === '' ? '' : paint(k, value);
      text += right[k] ? ` ${fill}${shown} │` : ` ${shown}${fill} │`;
    }
    text += '\n';
  }
  return text;
}

/** A list as a table: header, rows, and an optional totals row set apart by a rule and bold. */
export async function renderTable(columns: readonly Column[], rows: string[][], opts: TableOptions): Promise<string> {
  await loadWidth();
  const { chalk } = opts;
  const wide = opts.wide === true;
  const head = columns.map((c) => clean(c.header ?? c.key));
  const totals = opts.totals?.map(clean);
  if (totals && totals[0] === '') totals[0] = 'Total';

  // Clean and measure once; the widths are kept so drawing pads without measuring again. Rows
  // are ours (the writer built them): cleaned in place, no second copy of a big table. Printable
  // ASCII, most cells, needs neither cleaning nor string-width: one test answers both.
  const n = columns.length;
  const data = columns.map(() => 0);
  const cellWidths = new Int32Array(rows.length * n);
  const plainAscii = new Uint8Array(rows.length * n); // 1: cut by slicing, no measuring
  for (let r = 0; r < rows.length; r++) {
    const values = rows[r]!;
    for (let i = 0; i < n; i++) {
      let value = values[i] ?? '';
      let w: number;
      if (ASCII.test(value)) {
        w = value.length;
        plainAscii[r * n + i] = 1;
      } else {
        values[i] = value = clean(value);
        w = displayWidth(value);
      }
      cellWidths[r * n + i] = w;
      if (w > data[i]!) data[i] = w;
    }
  }
  if (totals) for (let i = 0; i < columns.length; i++) data[i] = Math.max(data[i]!, displayWidth(totals[i] ?? ''));
  const measures: ColumnMeasure[] = columns.map((c, i) => ({
    header: displayWidth(head[i]!),
    data: data[i]!,
    priority: c.priority ?? DEFAULT_PRIORITY,
    text: c.wrap === true,
  }));

  const fits = opts.width === undefined || measures.reduce((s, m) => s + Math.max(m.header, m.data) + 3, 1) <= opts.width;
  if (!fits && wide) {
    for (let i = 0; i < columns.length; i++) {
      if (!measures[i]!.text) continue;
      let longest = longestWord(head[i]!);
      for (const values of rows) longest = Math.max(longest, longestWord(values[i] ?? ''));
      measures[i]!.longestWord = longest;
    }
  }
  if (!fits && !wide) for (let i = 0; i < columns.length; i++) measures[i]!.shortId = idPrefix(rows, i);

  const layout = layoutTable(measures, opts.width, wide);
  const shown = layout.shown;
  const widths = shown.map((i) => layout.widths[i]!);
  const right = shown.map((i) => isNumeric(columns[i]!));
  const prefix = shown.map((i) => (layout.shortenIds ? measures[i]!.shortId : undefined));
  const wraps = shown.map((i) => wide && measures[i]!.text);

  // A cell as the lines it shows; known[k] gets its width when it is the width measured above.
  const known = shown.map(() => -1);
  const fitCell = (value: string, k: number, measured: number): string[] => {
    const p = prefix[k];
    known[k] = -1;
    if (p !== undefined && UUID.test(value)) return [value.slice(0, p)];
    if (measured <= widths[k]!) {
      known[k] = measured;
      return [value];
    }
    if (wraps[k]) return wrapWords(value, widths[k]!, 'keep');
    return [truncate(value, widths[k]!)];
  };
  const status = shown.map((i) => columns[i]!.key === 'status');
  const plain = (k: number, line: string) => (status[k] ? paintStatus(chalk, line) : line);

  const lines = box(widths);
  const chunks: string[] = [lines.top + '\n'];
  const headRight = shown.map(() => false);
  const headCells = shown.map((i, k) => (wide ? wrapWords(head[i]!, widths[k]!, 'keep') : [truncate(head[i]!, widths[k]!)]));
  chunks.push(drawRow(headCells, widths, headRight, (_k, line) => chalk.bold(line)));
  if (rows.length > 0) chunks.push(lines.rule + '\n');
  // The hot loop: one line per row, padding from a table of space runs, no array per cell.
  // Lines are joined every BATCH rows: a line is a chain of small concatenations that would
  // otherwise all live until the end and be copied by the garbage collector (it was most of the
  // time on 50,000 rows); joined young, they die young.
  let batch: string[] = [];
  const spaces = Array.from({ length: Math.max(0, ...widths) + 1 }, (_, k) => ' '.repeat(k));
  const painted = status.some(Boolean) && chalk.level > 0;
  for (let r = 0; r < rows.length; r++) {
    const values = rows[r]!;
    let line = '│';
    for (let k = 0; k < shown.length; k++) {
      const i = shown[k]!;
      let value = values[i] ?? '';
      let used = cellWidths[r * n + i]!;
      const p = prefix[k];
      if (p !== undefined && used === 36) {
        // Every value of this column was checked to be a UUID (idPrefix); 'Total' is narrower.
        value = value.slice(0, p);
        used = p;
      } else if (used > widths[k]!) {
        if (wraps[k]) {
          line = ''; // a row with a wrapped cell takes several lines: the general path draws it
          break;
        }
        const room = widths[k]!;
        if (plainAscii[r * n + i] === 1 && room > 1) {
          value = value.slice(0, room - 1) + ELLIPSIS;
          used = room;
        } else {
          value = truncate(value, room);
          used = displayWidth(value);
        }
      }
      const fill = spaces[widths[k]! - used]!;
      if (painted && status[k] && value !== '') value = paintStatus(chalk, value);
      line += right[k] ? ` ${fill}${value} │` : ` ${value}${fill} │`;
    }
    if (line === '') {
      const cells = shown.map((i, k) => fitCell(values[i] ?? '', k, cellWidths[r * n + i]!));
      batch.push(drawRow(cells, widths, right, plain, known));
    } else batch.push(line + '\n');
    if (batch.length === BATCH) {
      chunks.push(batch.join(''));
      batch = [];
    }
  }
  chunks.push(batch.join(''));
  if (totals) {
    // The label belongs in the first shown column when its own column was dropped.
    if (shown[0] !== 0 && totals[0] === 'Total' && totals[shown[0]!] === '') totals[shown[0]!] = 'Total';
    chunks.push(lines.rule + '\n');
    const cells = shown.map((i, k) => fitCell(totals[i] ?? '', k, displayWidth(totals[i] ?? '')));
    chunks.push(drawRow(cells, widths, right, (k, line) => chalk.bold(plain(k, line)), known));
  }
  chunks.push(lines.bottom + '\n');
  return chunks.join('');
}

/** The unique-prefix width of column `i` when every value in it is a UUID (blanks aside). */
function idPrefix(rows: readonly string[][], i: number): number | undefined {
  let any = false;
  for (const values of rows) {
    const v = values[i] ?? '';
    if (v === '') continue;
    if (v.length !== 36 || !UUID.test(v)) return undefined;
    any = true;
  }
  return any ? uniquePrefixLength(rowsColumn(rows, i)) : undefined;
}

function* rowsColumn(rows: readonly string[][], i: number): Iterable<string> {
  for (const values of rows) if (values[i]) yield values[i]!;
}

/** One entity shown vertically, a "field  value" line each (create/update/view results). */
export async function renderVertical(columns: readonly Column[], values: readonly string[], opts: TableOptions): Promise<string> {
  await loadWidth();
  const { chalk } = opts;
  const wide = opts.wide === true;
  let labels = columns.map((c) => clean(c.header ?? c.key));
  const shown = columns.map((_, i) => clean(values[i] ?? ''));
  let labelWidth = Math.max(0, ...labels.map(displayWidth));
  let valueWidth = Math.max(0, ...shown.map(displayWidth));
  let cells = shown.map((v) => [v]);
  if (opts.width !== undefined && labelWidth + valueWidth + 7 > opts.width) {
    // Values get the room; labels give way only on a very narrow screen (never with --wide).
    const room = opts.width - frame2;
    const valueRoom = Math.max(room - labelWidth, Math.min(valueWidth, VALUE_MIN));
    if (!wide && valueRoom + labelWidth > room) {
      labelWidth = Math.max(1, room - valueRoom);
      labels = labels.map((l) => truncate(l, labelWidth));
    }
    valueWidth = Math.max(1, wide ? valueRoom : Math.min(valueRoom, room - labelWidth));
    cells = shown.map((v) => wrapWords(v, valueWidth, wide ? 'keep' : 'cut'));
    if (wide) valueWidth = Math.max(valueWidth, ...cells.flat().map(displayWidth));
  }
  const widths = [labelWidth, valueWidth];
  const lines = box(widths);
  let text = lines.top + '\n';
  columns.forEach((column, i) => {
    const paint = (k: number, line: string) => (k === 0 ? chalk.bold(line) : column.key === 'status' ? paintStatus(chalk, line) : line);
    text += drawRow([[labels[i]!], cells[i]!], widths, [false, false], paint);
  });
  return text + lines.bottom + '\n';
}

// Tables for people at a terminal, drawn in one pass: measure every cell once, choose the layout (fit.ts), write each
// row once. Every cell is sanitized; colour is applied after any cut, so no escape sequence is ever cut.

import type { ChalkInstance } from 'chalk';
import { paintStatus } from './color.js';
import { captionLines, hiddenNote } from './caption.js';
import { headingOf } from './columns.js';
import { frame, layoutTable, type ColumnMeasure, type Layout } from './fit.js';
import { renderRecords } from './record-view.js';
import { box, drawRow, type TableOptions, type TableOutput } from './table-draw.js';
import { clean, isNumeric, measureTable, UUID, type TableData } from './table-measure.js';

export type { TableData, TableOptions };
import type { Column } from './types.js';
import { displayWidth, ELLIPSIS, loadWidth, truncate, wrapWords } from './width.js';

/** A table holds every row before drawing (to size its columns): about 1 KB each, and past a few screens nobody reads it. */
export const TABLE_ROW_LIMIT = 100_000;

const BATCH = 256;

/** A list as a table, with an optional bold totals row, emitted BATCH rows at a time: never one big string. */
export async function renderTable(columns: readonly Column[], data: TableData, opts: TableOptions, emit: TableOutput): Promise<void> {
  await loadWidth();
  const { chalk } = opts;
  const wide = opts.wide === true;
  const head = columns.map((c) => clean(headingOf(c)));
  const totals = opts.totals?.map(clean);
  if (totals && totals[0] === '') totals[0] = 'Total';

  const count = data.rows;
  const { measures, cellWidths, plainAscii } = measureTable(columns, data, head, totals, wide, opts.width);
  if (opts.records && count > 0 && opts.width !== undefined && !fitsWhole(measures, opts.width))
    return renderRecords(columns, data, opts, emit);
  const layout = layoutTable(measures, opts.width, wide);
  const shown = layout.shown;
  const widths = shown.map((i) => layout.widths[i]);
  const right = shown.map((i) => isNumeric(columns[i]));
  const prefix = shown.map((i) => (layout.shortenIds ? measures[i].shortId : undefined));
  const wraps = shown.map((i) => wide && measures[i].text);

  const known = shown.map(() => -1);
  const fitCell = (value: string, k: number, measured: number): string[] => {
    const p = prefix[k];
    known[k] = -1;
    if (p !== undefined && UUID.test(value)) return [value.slice(0, p)];
    if (measured <= widths[k]) {
      known[k] = measured;
      return [value];
    }
    if (wraps[k]) return wrapWords(value, widths[k], 'keep');
    return [truncate(value, widths[k])];
  };
  const status = shown.map((i) => columns[i].key === 'status');
  const plain = (k: number, line: string) => (status[k] ? paintStatus(chalk, line) : line);

  const lines = box(widths);
  let text = headLines(
    opts,
    layout,
    columns,
    head,
    data,
    measures.map((m) => m.empty === true),
  );
  text += lines.top + '\n';
  const headCells = shown.map((i, k) => (wide ? wrapWords(head[i], widths[k], 'keep') : [truncate(head[i], widths[k])]));
  text += drawRow(
    headCells,
    widths,
    shown.map(() => false),
    (_k, line) => chalk.bold(line),
  );
  if (count > 0) text += lines.rule + '\n';
  await emit(text);

  const drawRows = rowDrawer({ chalk, shown, widths, right, prefix, wraps, status, known, fitCell, plain }, data, cellWidths, plainAscii);
  let from = 0;
  for (; from + BATCH < count; from += BATCH) await emit(drawRows(from, from + BATCH));
  text = drawRows(from, count);
  if (totals) {
    // The label belongs in the first shown column when its own column was dropped.
    if (shown[0] !== 0 && totals[0] === 'Total' && totals[shown[0]] === '') totals[shown[0]] = 'Total';
    text += lines.rule + '\n';
    const cells = shown.map((i, k) => fitCell(totals[i] ?? '', k, displayWidth(totals[i] ?? '')));
    text += drawRow(cells, widths, right, (k, line) => chalk.bold(plain(k, line)), known);
  }
  await emit(text + lines.bottom + '\n');
}

/** What a row is drawn with: the shown columns (indices into the data) and how each is cut, aligned and painted. */
interface Grid {
  chalk: ChalkInstance;
  shown: number[];
  widths: number[];
  right: boolean[];
  prefix: Array<number | undefined>;
  wraps: boolean[];
  status: boolean[];
  known: number[];
  fitCell: (value: string, k: number, measured: number) => string[];
  plain: (k: number, line: string) => string;
}

/** Rows from..to as one string. */
function rowDrawer(g: Grid, data: TableData, cellWidths: Int32Array[], plainAscii: Uint8Array[]): (from: number, to: number) => string {
  const { chalk, shown, widths, right, prefix, wraps, status, known, fitCell, plain } = g;
  // The hot loop: a row is pushed as pieces that already exist (values, and padding joined to its border once per
  // column), joined once per BATCH rows, so no string is built per cell or per row.
  const last = shown.length - 1;
  const leftTail = shown.map((_, k) => spaceRuns(widths[k], '', k === last ? ' │\n' : ' │ ')); // value, fill, border
  const rightHead = shown.map((_, k) => spaceRuns(widths[k], k === 0 ? '│ ' : '', '')); // border, fill, value
  const rightTail = shown.map((_, k) => (k === last ? ' │\n' : ' │ '));
  const painted = status.some(Boolean) && chalk.level > 0;
  // A function of its own, not a loop in this async function: code resumed after an `await` runs unoptimized, while a
  // function called per batch gets optimized.
  const parts: string[] = [];
  const shownValues = shown.map((i) => data.values[i]);
  const shownWidths = shown.map((i) => cellWidths[i]);
  const shownAscii = shown.map((i) => plainAscii[i]);
  return (from: number, to: number): string => {
    parts.length = 0;
    for (let r = from; r < to; r++) {
      const start = parts.length;
      if (!right[0]) parts.push('│ ');
      let general = false;
      for (let k = 0; k < shown.length; k++) {
        let value = shownValues[k][r];
        let used = shownWidths[k][r];
        const p = prefix[k];
        if (p !== undefined && used === 36) {
          // Every value of this column was checked to be a UUID (idPrefix); 'Total' is narrower.
          value = value.slice(0, p);
          used = p;
        } else if (used > widths[k]) {
          if (wraps[k]) {
            general = true; // a row with a wrapped cell takes several lines: drawRow draws it
            break;
          }
          const room = widths[k];
          if (shownAscii[k][r] === 1 && room > 1) {
            value = value.slice(0, room - 1) + ELLIPSIS;
            used = room;
          } else {
            value = truncate(value, room);
            used = displayWidth(value);
          }
        }
        if (painted && status[k] && value !== '') value = paintStatus(chalk, value);
        if (right[k]) parts.push(rightHead[k][widths[k] - used], value, rightTail[k]);
        else parts.push(value, leftTail[k][widths[k] - used]);
      }
      if (general) {
        parts.length = start;
        const cells = shown.map((_, k) => fitCell(shownValues[k][r], k, shownWidths[k][r]));
        parts.push(drawRow(cells, widths, right, plain, known));
      }
    }
    const text = parts.join('');
    parts.length = 0;
    return text;
  };
}

/** Every column holding a value, with its whole heading and widest value, within `width`. */
function fitsWhole(measures: readonly ColumnMeasure[], width: number): boolean {
  const used = measures.filter((m) => m.data > 0);
  return used.reduce((sum, m) => sum + Math.max(m.header, m.data), 0) + frame(used.length) <= width;
}

function spaceRuns(width: number, before: string, after: string): string[] {
  return Array.from({ length: width + 1 }, (_, f) => before + ' '.repeat(f) + after);
}

/**
 * The lines above the table: on a terminal, what it shows (opts.caption); the columns whose one
 * value moved out of it; then the columns left out to fit, said once (not the empty ones: they
 * hold nothing to miss).
 */
function headLines(
  opts: TableOptions,
  layout: Layout,
  columns: readonly Column[],
  head: string[],
  data: TableData,
  empty: readonly boolean[],
): string {
  const said = opts.width === undefined ? [] : (opts.caption ?? []);
  const moved = layout.caption.map((i) => [head[i], data.values[i][0]] as const);
  let text = captionLines([...said, ...moved], opts.width, opts.chalk);
  if (opts.width === undefined) return text;
  const gone = head.map((_, i) => i).filter((i) => !layout.shown.includes(i) && !layout.caption.includes(i) && !empty[i]);
  // The keys, not the headings: they are what --fields takes to show them.
  text += hiddenNote(
    gone.map((i) => columns[i].key),
    opts.width,
    opts.chalk,
  );
  return text;
}

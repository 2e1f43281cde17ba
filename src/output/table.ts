// Tables for people at a terminal, drawn in one pass: measure every cell once, choose the layout (fit.ts), write each
// row once. Every cell is sanitized; colour is applied after any cut, so no escape sequence is ever cut.

import type { ChalkInstance } from 'chalk';
import { paintStatus } from './color.js';
import { captionLines, hiddenNote } from './caption.js';
import { layoutTable, uniquePrefixLength, uuidPrefixLength, type ColumnMeasure } from './fit.js';
import { hasUnsafeCharacters, sanitizeForDisplay } from './sanitize.js';
import type { Column } from './types.js';
import { displayWidth, ELLIPSIS, loadWidth, longestWord, truncate, wrapWords } from './width.js';

export interface TableOptions {
  chalk: ChalkInstance;
  totals?: string[];
  /** Terminal width; undefined = unknown (piped): nothing is fitted, cut or wrapped. */
  width?: number;
  wide?: boolean;
  /** What the table shows (`day: 2026-11-26`, `zone: …`), said above it on a terminal only. */
  caption?: ReadonlyArray<readonly [string, string]>;
}

// Most cells hold nothing sanitizeForDisplay would change: one test instead of three replaces.
const clean = (value: string) => (hasUnsafeCharacters(value) ? sanitizeForDisplay(value) : value);

/** A table holds every row before drawing (to size its columns): about 1 KB each, and past a few screens nobody reads it. */
export const TABLE_ROW_LIMIT = 100_000;

const ASCII = /^[\x20-\x7e]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PRIORITY = 2;
const BATCH = 256;
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

/** One table line, or several for a row whose cells wrap; `known[k]` is a one-line cell's measured width, else -1. */
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
      const value = cells[k][line] ?? '';
      const used = known && height === 1 && known[k] >= 0 ? known[k] : displayWidth(value);
      const fill = ' '.repeat(Math.max(0, widths[k] - used));
      const shown = value === '' ? '' : paint(k, value);
      text += right[k] ? ` ${fill}${shown} │` : ` ${shown}${fill} │`;
    }
    text += '\n';
  }
  return text;
}

/** The rows column-major, so buffering a row allocates nothing and measuring walks one column; cleaned in place when drawn. */
export interface TableData {
  values: string[][];
  rows: number;
}

export type TableOutput = (text: string) => Promise<void> | void;

/** A list as a table, with an optional bold totals row, emitted BATCH rows at a time: never one big string. */
export async function renderTable(columns: readonly Column[], data: TableData, opts: TableOptions, emit: TableOutput): Promise<void> {
  await loadWidth();
  const { chalk } = opts;
  const wide = opts.wide === true;
  const head = columns.map((c) => clean(c.header ?? c.key));
  const totals = opts.totals?.map(clean);
  if (totals && totals[0] === '') totals[0] = 'Total';

  const n = columns.length;
  const count = data.rows;
  const cellWidths: Int32Array[] = [];
  const plainAscii: Uint8Array[] = []; // 1: printable ASCII, cut by slicing, no measuring
  const widest = columns.map((_, i) => {
    const m = measureColumn(data.values[i], count);
    cellWidths.push(m.widths);
    plainAscii.push(m.ascii);
    return m.widest;
  });
  const empty = widest.map((w) => w === 0);
  if (totals) for (let i = 0; i < n; i++) widest[i] = Math.max(widest[i], displayWidth(totals[i] ?? ''));
  const measures: ColumnMeasure[] = columns.map((c, i) => ({
    header: displayWidth(head[i]),
    data: widest[i],
    priority: c.priority ?? DEFAULT_PRIORITY,
    text: c.wrap === true,
    nameFor: c.names === undefined ? undefined : indexOf(columns, c.names),
  }));

  const fits = opts.width === undefined || measures.reduce((s, m) => s + Math.max(m.header, m.data) + 3, 1) <= opts.width;
  if (!fits && wide) {
    for (let i = 0; i < n; i++) {
      if (!measures[i].text) continue;
      let longest = longestWord(head[i]);
      const column = data.values[i];
      for (let r = 0; r < count; r++) longest = Math.max(longest, longestWord(column[r]));
      measures[i].longestWord = longest;
    }
  }
  if (!fits && !wide) {
    for (let i = 0; i < n; i++) {
      measures[i].shortId = idPrefix(data.values[i], count);
      measures[i].empty = empty[i];
      // The figures a report exists for stay in it even when equal on every row (all 0).
      measures[i].constant = !(isNumeric(columns[i]) && measures[i].priority === 1) && isConstant(data.values[i], count);
    }
  }

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
  const said = opts.width === undefined ? [] : (opts.caption ?? []);
  let text = captionLines([...said, ...layout.caption.map((i) => [head[i], data.values[i][0]] as const)], opts.width, chalk);
  // Columns left out to fit, said once (not the empty ones: they hold nothing to miss).
  const gone = columns.map((_, i) => i).filter((i) => !shown.includes(i) && !layout.caption.includes(i) && !empty[i]);
  if (opts.width !== undefined)
    text += hiddenNote(
      gone.map((i) => head[i]),
      opts.width,
      chalk,
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
  const drawRows = (from: number, to: number): string => {
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

function spaceRuns(width: number, before: string, after: string): string[] {
  return Array.from({ length: width + 1 }, (_, f) => before + ' '.repeat(f) + after);
}

/** Each value's display width, and which are printable ASCII (width = length, no cleaning); others are cleaned in place. */
function measureColumn(values: string[], count: number): { widths: Int32Array; ascii: Uint8Array; widest: number } {
  const widths = new Int32Array(count);
  const ascii = new Uint8Array(count);
  let widest = 0;
  for (let r = 0; r < count; r++) {
    let value = values[r];
    let w: number;
    if (ASCII.test(value)) {
      w = value.length;
      ascii[r] = 1;
    } else {
      values[r] = value = clean(value);
      w = displayWidth(value);
    }
    widths[r] = w;
    if (w > widest) widest = w;
  }
  return { widths, ascii, widest };
}

function indexOf(columns: readonly Column[], key: string): number | undefined {
  const i = columns.findIndex((c) => c.key === key);
  return i < 0 ? undefined : i;
}

function isConstant(values: readonly string[], count: number): boolean {
  if (count < 2 || values[0] === '') return false;
  const first = values[0];
  for (let r = 1; r < count; r++) if (values[r] !== first) return false;
  return true;
}

function idPrefix(values: readonly string[], count: number): number | undefined {
  const fast = uuidPrefixLength(values, count);
  if (fast !== undefined) return fast;
  let any = false;
  for (let r = 0; r < count; r++) {
    const v = values[r];
    if (v === '') continue;
    if (v.length !== 36 || !UUID.test(v)) return undefined;
    any = true;
  }
  return any ? uniquePrefixLength(nonBlank(values, count)) : undefined;
}

function* nonBlank(values: readonly string[], count: number): Iterable<string> {
  for (let r = 0; r < count; r++) if (values[r]) yield values[r];
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
    text += drawRow([[labels[i]], cells[i]], widths, [false, false], paint);
  });
  return text + lines.bottom + '\n';
}

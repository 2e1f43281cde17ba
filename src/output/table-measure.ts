// Measuring a table before it is drawn: every cell's width once (printable ASCII by its length,
// the rest cleaned and measured), and what fit.ts needs to choose the layout of each column.
import type { ColumnMeasure } from './fit.js';
import { uniquePrefixLength, uuidPrefixLength } from './fit.js';
import { hasUnsafeCharacters, sanitizeForDisplay } from './sanitize.js';
import type { Column } from './types.js';
import { displayWidth, longestWord } from './width.js';

const ASCII = /^[\x20-\x7e]*$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PRIORITY = 2;

// Most cells hold nothing sanitizeForDisplay would change: one test instead of three replaces.
export const clean = (value: string) => (hasUnsafeCharacters(value) ? sanitizeForDisplay(value) : value);

/** The rows column-major, so buffering a row allocates nothing and measuring walks one column; cleaned in place when drawn. */
export interface TableData {
  values: string[][];
  rows: number;
}

export const isNumeric = (column: Column) => column.type === 'int' || column.type === 'decimal';

export interface TableMeasure {
  measures: ColumnMeasure[];
  /** Each column's cell widths, row by row. */
  cellWidths: Int32Array[];
  /** 1 where a cell is printable ASCII: cut by slicing, no measuring. */
  plainAscii: Uint8Array[];
}

export function measureTable(
  columns: readonly Column[],
  data: TableData,
  head: readonly string[],
  totals: readonly string[] | undefined,
  wide: boolean,
  width: number | undefined,
): TableMeasure {
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

  const fits = width === undefined || measures.reduce((s, m) => s + Math.max(m.header, m.data) + 3, 1) <= width;
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
  return { measures, cellWidths, plainAscii };
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

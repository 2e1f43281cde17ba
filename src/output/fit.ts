// Fitting a table to the terminal from measured widths alone (piped output is never fitted). A table too wide gives way
// in this order until it fits: UUIDs cut to their unique prefix; empty columns dropped; constant ones moved to a caption;
// free text cut with `…`; priority > 1 columns dropped; IDs whose name is shown dropped; names cut; the rest dropped, the
// rows' own name last. --wide shows every column whole, wrapping free text at spaces only as far as needed.

export interface ColumnMeasure {
  header: number;
  data: number;
  priority: number;
  text: boolean;
  shortId?: number;
  longestWord?: number;
  empty?: boolean;
  /** Every row holds the same value (at least two rows, not ''): it can go to the caption. */
  constant?: boolean;
  nameFor?: number;
}

export interface Layout {
  shown: number[];
  widths: number[];
  shortenIds: boolean;
  caption: number[];
}

export const TEXT_MIN = 10;
/** A name up to this wide is never cut while a column of lower rank can give way. */
export const NAME_KEEP = 30;

/** Borders and padding of `n` columns: "│ " before each, " " after each, the closing "│". */
export function frame(n: number): number {
  return 3 * n + 1;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const natural = (c: ColumnMeasure) => Math.max(c.header, c.data);
const isName = (c: ColumnMeasure) => c.text && c.priority === 1;

export function layoutTable(cols: readonly ColumnMeasure[], total: number | undefined, wide: boolean): Layout {
  const all = cols.map((_, i) => i);
  const widths = cols.map(natural);
  if (total === undefined || sum(widths) + frame(cols.length) <= total) return { shown: all, widths, shortenIds: false, caption: [] };
  return wide ? wrapLayout(cols, widths, total) : squeezeLayout(cols, total);
}

function squeezeLayout(cols: readonly ColumnMeasure[], total: number): Layout {
  const nat = cols.map((c) => Math.max(c.header, c.shortId ?? c.data));
  const min = [...nat];
  let shown = cols.map((_, i) => i);
  const caption: number[] = [];
  const need = () => sum(shown.map((i) => min[i])) + frame(shown.length);
  const fits = () => need() <= total;
  const leave = (away: (c: ColumnMeasure) => boolean): number[] => {
    const gone = shown.filter((i) => away(cols[i]));
    if (gone.length < shown.length) shown = shown.filter((i) => !away(cols[i]));
    else gone.length = 0;
    return gone;
  };
  // Drops one column at a time, the highest `rank` first (0: never), the rightmost among equals.
  const dropWhileTooWide = (rank: (i: number) => number) => {
    while (shown.length > 1 && !fits()) {
      let drop = -1;
      let worst = 0;
      for (let k = 0; k < shown.length; k++) {
        const r = rank(shown[k]);
        if (r > 0 && r >= worst) [drop, worst] = [k, r];
      }
      if (drop < 0) return;
      shown.splice(drop, 1);
    }
  };
  const namedId = (i: number) => shown.some((j) => cols[j].nameFor === i);
  // The name that says which row is which goes last; other names go before IDs and figures, outermost first
  // (3 + 1/(2 + i) ranks them left to right).
  const rowName = (i: number) => {
    if (cols[i].nameFor === undefined) return true;
    if (shown.some((j) => isName(cols[j]) && cols[j].nameFor === undefined)) return false;
    return !shown.some((j) => j > i && cols[j].nameFor !== undefined);
  };
  // Headers are never cut while other columns can give way: `conve…` twice would not say which column is which.
  const cutText = (names: boolean) => {
    for (const i of shown) {
      const c = cols[i];
      if (c.text && isName(c) === names) min[i] = Math.max(1, Math.min(nat[i], Math.max(TEXT_MIN, c.header)));
    }
  };

  if (!fits()) leave((c) => c.empty === true);
  if (!fits()) caption.push(...leave((c) => c.constant === true));
  if (!fits()) {
    cutText(false);
    for (const i of shown) if (isName(cols[i])) min[i] = Math.min(nat[i], Math.max(NAME_KEEP, cols[i].header));
  }
  dropWhileTooWide((i) => (cols[i].priority > 1 ? cols[i].priority : 0));
  dropWhileTooWide((i) => (namedId(i) ? 1 : 0));
  if (!fits()) cutText(true);
  dropWhileTooWide((i) => (isName(cols[i]) ? (rowName(i) ? 1 : 3 + 1 / (2 + i)) : 2));
  if (!fits()) min[shown[0]] = Math.max(1, total - frame(1)); // one column left: cut even it (and its header)

  const widths = [...min];
  let slack = total - need();
  const own = (i: number) => (cols[i].nameFor === undefined ? 0 : 1);
  const byPriority = [...shown].sort((a, b) => cols[a].priority - cols[b].priority || own(a) - own(b) || a - b);
  for (const i of byPriority) {
    const add = Math.max(0, Math.min(slack, nat[i] - widths[i]));
    widths[i] += add;
    slack -= add;
  }
  return { shown, widths, shortenIds: cols.some((c) => c.shortId !== undefined), caption };
}

function wrapLayout(cols: readonly ColumnMeasure[], natural: readonly number[], total: number): Layout {
  const widths = [...natural];
  const word = (i: number) => Math.min(natural[i], cols[i].longestWord ?? natural[i]);
  let excess = sum(widths) + frame(cols.length) - total;
  const stages: Array<(i: number) => number> = [
    (i) => (cols[i].text && !isName(cols[i]) ? word(i) : natural[i]),
    (i) => (isName(cols[i]) ? Math.max(word(i), Math.min(natural[i], NAME_KEEP)) : natural[i]),
    (i) => (isName(cols[i]) ? word(i) : natural[i]),
  ];
  const floor = cols.map((_, i) => natural[i]);
  for (const stage of stages) {
    if (excess <= 0) break;
    for (let i = 0; i < cols.length; i++) floor[i] = Math.min(floor[i], stage(i));
    excess = narrow(widths, floor, excess);
  }
  // Wrapping that cannot make the table fit only makes it taller: every value stays on its line.
  if (excess > 0) return { shown: cols.map((_, i) => i), widths: [...natural], shortenIds: false, caption: [] };
  return { shown: cols.map((_, i) => i), widths, shortenIds: false, caption: [] };
}

/** Narrows the widest column above its floor a step at a time, so long texts share the room evenly; returns the excess left. */
function narrow(widths: number[], floor: readonly number[], excess: number): number {
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (widths[i] > floor[i] && (widest < 0 || widths[i] > widths[widest])) widest = i;
    if (widest < 0) break;
    let second = floor[widest];
    for (let i = 0; i < widths.length; i++)
      if (i !== widest && widths[i] > floor[i]) second = Math.max(second, Math.min(widths[i], widths[widest]));
    const step = Math.max(1, Math.min(excess, widths[widest] - second));
    widths[widest] -= step;
    excess -= step;
  }
  return excess;
}

/** Shortest prefix length (at least `floor`, as git's 7) telling every distinct value apart: a few passes, cheaper than sorting. */
export function uniquePrefixLength(values: Iterable<string>, floor = 7): number {
  const distinct = new Set(values);
  let longest = 0;
  for (const v of distinct) if (v.length > longest) longest = v.length;
  for (let len = floor; len < longest; len++) {
    const prefixes = new Set<string>();
    for (const v of distinct) prefixes.add(v.slice(0, len));
    if (prefixes.size === distinct.size) return len;
  }
  return longest;
}

const HEX = new Int8Array(0x10000).fill(-1);
for (let c = 0; c < 16; c++) HEX['0123456789abcdef'.charCodeAt(c)] = c;

function hexRun(v: string, from: number, to: number): number {
  let n = 0;
  for (let j = from; j < to; j++) {
    const d = HEX[v.charCodeAt(j)];
    if (d < 0) return -1;
    n = n * 16 + d;
  }
  return n;
}

function uuidKey(v: string): number {
  if (v.length !== 36 || v.charCodeAt(8) !== 0x2d || v.charCodeAt(13) !== 0x2d || v.charCodeAt(18) !== 0x2d || v.charCodeAt(23) !== 0x2d)
    return -1;
  const a = hexRun(v, 0, 4);
  const b = hexRun(v, 4, 8);
  const c = hexRun(v, 9, 13);
  let rest = 0; // negative once any other digit is not hex
  for (let j = 14; j < 18; j++) rest |= HEX[v.charCodeAt(j)];
  for (let j = 19; j < 23; j++) rest |= HEX[v.charCodeAt(j)];
  for (let j = 24; j < 36; j++) rest |= HEX[v.charCodeAt(j)];
  if (a < 0 || b < 0 || c < 0 || rest < 0) return -1;
  return (a * 0x10000 + b) * 0x10000 + c;
}

/**
 * uniquePrefixLength for lowercase UUIDs without a string per prefix: the most digits sorted neighbours share, plus one.
 * Undefined for a non-UUID or two values alike in 12 digits (the caller compares strings). 50,000 IDs: a few ms, not ~20.
 */
export function uuidPrefixLength(values: readonly string[], count: number, floor = 7): number | undefined {
  const keys = new Float64Array(count);
  let m = 0;
  for (let r = 0; r < count; r++) {
    const v = values[r];
    if (v === '') continue;
    const key = uuidKey(v);
    if (key < 0) return undefined;
    keys[m++] = key;
  }
  if (m === 0) return undefined;
  const sorted = keys.subarray(0, m).sort();
  let shared = -1;
  for (let j = 1; j < m; j++) {
    const a = sorted[j - 1];
    const b = sorted[j];
    if (a === b) return undefined;
    const ah = Math.floor(a / 0x10000);
    const bh = Math.floor(b / 0x10000);
    const digits = ah !== bh ? Math.clz32(ah ^ bh) >> 2 : 8 + ((Math.clz32((a % 0x10000) ^ (b % 0x10000)) - 16) >> 2);
    if (digits > shared) shared = digits;
  }
  const chars = shared < 0 ? 0 : shared < 8 ? shared + 1 : shared + 2; // the dash after 8 digits counts
  return Math.max(floor, chars);
}

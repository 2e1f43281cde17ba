// Fitting a table to the terminal: which columns to show and how wide each is, from measured
// widths alone (no text), so the rule can be read and tested apart from drawing. Only used when
// the terminal's width is known: piped output is never fitted.
//
// Default mode, when the table is wider than the screen, gives way in this order, stopping as
// soon as the table fits:
//   1. UUID columns show the shortest prefix unique in their column (at least 7, as git does);
//   2. columns empty in every row are dropped;
//   3. columns holding one value in every row (the currency, the one campaign of a report) leave
//      the table for a caption line above it, where nothing of them is lost;
//   4. free text is cut with `…`: descriptions, URLs and other text to TEXT_MIN columns, names
//      (priority 1 text) only to NAME_KEEP, so a name of up to 30 characters stays whole;
//   5. columns other than priority 1 are dropped, highest `priority` number first (ratios, tags,
//      URLs, descriptions), then the rightmost among equals;
//   6. an ID whose name is shown beside it is dropped (the name says it to the reader);
//   7. names are cut to TEXT_MIN too;
//   8. the other priority 1 columns (IDs, names, the figures the command exists for) are
//      dropped: the names of other entities first (a slot's publication, outermost first), then
//      IDs and figures, the name that tells the rows apart last, the rightmost first among
//      equals; a last column left is cut, header and all.
// The room left is then handed back by priority: names and key figures get theirs first (the
// rows' own names before those of other entities).
// IDs, numbers, dates and headers are never cut while a column can still be dropped.
// --wide shows every column and whole values. Free text wraps at spaces (never inside a word),
// descriptions and URLs before names, and only as far as the table needs to fit: a table that
// cannot fit even so is shown unwrapped, wider than the screen, rather than wrapped for nothing.

export interface ColumnMeasure {
  header: number;
  /** Widest value (rows and totals). */
  data: number;
  /** 1 stays longest; 3 goes first. */
  priority: number;
  /** Free text: may be cut with `…` (default) or wrapped at spaces (--wide). */
  text: boolean;
  /** Width of the unique ID prefix when every value of the column is a UUID. */
  shortId?: number;
  /** --wide: the widest word of the column, header included (the narrowest it can wrap to). */
  longestWord?: number;
  /** Every row's value is '' (the totals row aside). */
  empty?: boolean;
  /** Every row holds the same value (at least two rows, not ''): it can go to the caption. */
  constant?: boolean;
  /** A name column: the index of the ID column it names. */
  nameFor?: number;
}

export interface Layout {
  /** Indexes of the columns shown, in their order. */
  shown: number[];
  /** Content width of every column (padding and borders excluded); only shown ones matter. */
  widths: number[];
  /** Whether UUID columns are cut to their unique prefix. */
  shortenIds: boolean;
  /** Indexes of the columns moved to the caption line above the table, in their order. */
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
  // Leaves out the columns `away` picks, unless that would leave no column at all.
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
  // The name that says which row is which: the rows' own (a slot's name), else the innermost
  // other one shown (a report's ad slot rather than its publication). Other names go before IDs
  // and figures, outermost first (3 + 1/(2 + i) ranks them left to right); it goes last.
  const rowName = (i: number) => {
    if (cols[i].nameFor === undefined) return true;
    if (shown.some((j) => isName(cols[j]) && cols[j].nameFor === undefined)) return false;
    return !shown.some((j) => j > i && cols[j].nameFor !== undefined);
  };
  // Headers are never cut while other columns can give way: `conve…` twice would not say which
  // of conversions and conversionsPercent a column is.
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
  // Descriptions and URLs wrap first; names only past NAME_KEEP, and then only if still needed.
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

/**
 * Narrows the widest column above its floor a step at a time, so long texts share the room
 * evenly, until `excess` is gone or nothing can narrow; returns the excess left.
 */
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

/**
 * The shortest prefix length (at least `floor`, as git's 7) that tells every distinct value
 * apart. Tried length by length with a set of prefixes: a few linear passes (random UUIDs need 8
 * or 9 characters at 50,000 rows), cheaper than sorting the strings.
 */
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

// The value of each lowercase hex digit, by UTF-16 code unit; -1 for every other one.
const HEX = new Int8Array(0x10000).fill(-1);
for (let c = 0; c < 16; c++) HEX['0123456789abcdef'.charCodeAt(c)] = c;

/** The hex digits of `v` from `from` to `to` (at most 4, a small integer), or -1. */
function hexRun(v: string, from: number, to: number): number {
  let n = 0;
  for (let j = from; j < to; j++) {
    const d = HEX[v.charCodeAt(j)];
    if (d < 0) return -1;
    n = n * 16 + d;
  }
  return n;
}

/**
 * The first 12 hex digits of a lowercase UUID as one number (48 bits, exact in a double), or -1
 * when `v` is not a lowercase UUID. Small integers and straight loops, so it stays optimized.
 */
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
 * uniquePrefixLength for a column of lowercase UUIDs (blanks skipped), without a string per
 * prefix: each ID's first 12 hex digits as one number (48 bits, exact in a double), sorted; the
 * most digits two neighbours share, plus one, is the answer (plus the dash after the 8th digit).
 * Undefined when a value is not a lowercase UUID, or two values agree in all 12 digits (the same
 * ID twice, or a rare near-twin): the caller then asks uniquePrefixLength, which compares whole
 * strings. On 50,000 IDs: a few ms against ~20 ms.
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

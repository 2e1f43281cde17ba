// Counts with their noun in agreement ("1 row", "2 rows"), one helper for every message that
// says how many: a count never disagrees with its noun in one place and not in another.

/** `n` and `many` (the plural, as the callers name their entities), or `one` when n is 1. */
export function counted(n: number, many: string, one = singular(many)): string {
  // Grouped as a reader counts: "199,930 rows", as the sync's summary and progress say them.
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** "rows" → "row", "ad slots" → "ad slot", "watches" → "watch"; a word without a plural "s" is kept. */
function singular(many: string): string {
  if (/(ch|sh|ss|x)es$/.test(many)) return many.slice(0, -2);
  return many.endsWith('s') && !many.endsWith('ss') ? many.slice(0, -1) : many;
}

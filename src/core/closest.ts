// "Did you mean …?" for a mistyped value: the allowed one a typo or a shortening away, if any.

/** Edit distance with transpositions (optimal string alignment), case-insensitive. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * The allowed value closest to `value`: within a third of its length in edits, or sharing most of
 * it (`daily` → `day`, `slot` → `adslot`); undefined when nothing is near enough to be a good guess.
 */
export function closest(value: string, allowed: readonly string[]): string | undefined {
  const v = value.trim().toLowerCase();
  if (v === '') return undefined;
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of allowed) {
    const c = candidate.toLowerCase();
    const edits = distance(v, c);
    const near = edits <= Math.max(1, Math.floor(Math.max(v.length, c.length) / 3));
    const shares = v.length >= 3 && (c.includes(v) || commonPrefix(v, c) >= Math.max(2, Math.ceil(c.length / 2)));
    if ((near || shares) && edits < bestScore) [best, bestScore] = [candidate, edits];
  }
  return best;
}

/** " Did you mean X?" or '' — ready to end a hint or a message. */
export function didYouMean(value: string, allowed: readonly string[]): string {
  const guess = closest(value, allowed);
  return guess === undefined ? '' : `Did you mean ${guess}?`;
}

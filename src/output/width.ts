// Display width, truncation and word wrapping of plain (already sanitized, uncoloured) cell text,
// in terminal columns: wide East Asian characters and emoji count 2, combining marks 0
// (string-width). Text is cut only between grapheme clusters, so an accent is never separated
// from its letter, and colour is applied after cutting, so no escape sequence is ever cut.
// string-width is loaded by loadWidth() (await import, like every heavy module), which the table
// renderer calls first: it never loads for `--help`, csv or json.

type StringWidth = (text: string) => number;
let stringWidth: StringWidth = () => {
  throw new Error('width.ts: call loadWidth() first'); // a caller's bug, not a user's
};

export async function loadWidth(): Promise<void> {
  stringWidth = (await import('string-width')).default;
}

export const ELLIPSIS = '…';

// Printable ASCII is one column per character: the common cell skips string-width altogether.
const ASCII = /^[\x20-\x7e]*$/;

export function displayWidth(text: string): number {
  return ASCII.test(text) ? text.length : stringWidth(text);
}

let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter();
  const segments = segmenter.segment(text);
  return { *[Symbol.iterator]() { for (const s of segments) yield s.segment; } };
}

/**
 * `text` in at most `width` columns: whole when it fits, else cut at a grapheme boundary and
 * ended with `…`. A wide character that would straddle the edge is left out whole, so the result
 * may be a column narrower than `width` (the caller pads).
 */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (width === 1) return ELLIPSIS;
  if (ASCII.test(text)) return text.slice(0, width - 1) + ELLIPSIS;
  let used = 0;
  let kept = '';
  for (const g of graphemes(text)) {
    const w = stringWidth(g);
    if (used + w > width - 1) break;
    kept += g;
    used += w;
  }
  return kept + ELLIPSIS;
}

/** The widest single word (space-separated): the narrowest a column can be wrapped without cutting one. */
export function longestWord(text: string): number {
  let max = 0;
  for (const word of text.split(' ')) max = Math.max(max, displayWidth(word));
  return max;
}

/**
 * Word-wrap to `width` columns at spaces only. A word wider than a line gets a line of its own:
 * whole when `longWords` is 'keep' (--wide: the column was sized to the longest word, or the
 * user asked for full values), cut with `…` when it is 'cut' (a record view on a narrow screen).
 */
export function wrapWords(text: string, width: number, longWords: 'keep' | 'cut'): string[] {
  if (displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(' ')) {
    if (word === '') continue;
    const w = displayWidth(word);
    if (line !== '' && lineWidth + 1 + w <= width) {
      line += ' ' + word;
      lineWidth += 1 + w;
      continue;
    }
    if (line !== '') lines.push(line);
    line = w > width && longWords === 'cut' ? truncate(word, width) : word;
    lineWidth = displayWidth(line);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

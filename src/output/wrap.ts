// Fitting a table to the terminal. Only used when stdout is a TTY and its width is known: piped
// output is never wrapped or truncated. Cells are wrapped here, as text with newlines, and never
// truncated by cli-table3 (no colWidths), so no character of the data is ever hidden.

// Wide (East Asian, emoji) and zero-width (combining) code points, close enough to what terminals
// do; an error only makes a table slightly wider or narrower than the screen, never cut.
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO = /[\p{Mn}\p{Me}\u200b-\u200f\ufe00-\ufe0f]/u;

export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ZERO.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

/** Widest line of a (possibly multi-line) cell. */
export function cellWidth(text: string): number {
  return Math.max(0, ...text.split('\n').map(displayWidth));
}

/**
 * Column widths that fit `total` terminal columns, or undefined when the natural widths fit.
 * Only free-text columns (`wrappable`) give up width, the widest first, a character at a time:
 * an ID, a date or a number broken over two lines cannot be copied or read, so when the free
 * text cannot absorb the difference the table is left wider than the screen.
 */
export function fitWidths(natural: readonly number[], total: number, wrappable: readonly boolean[] = natural.map(() => true), minWidth = 8): number[] | undefined {
  // Each column costs its text, two spaces of padding and one border; plus the closing border.
  const budget = total - natural.length * 3 - 1;
  const widths = [...natural];
  let sum = widths.reduce((a, b) => a + b, 0);
  if (sum <= budget) return undefined;
  while (sum > budget) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (wrappable[i] && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0 || widths[widest]! <= minWidth) break; // cannot fit: let the terminal wrap the rest
    widths[widest]!--;
    sum--;
  }
  return widths;
}

/** Word-wrap to `width`, breaking words only when one alone is longer than a line. */
export function wrapText(text: string, width: number): string {
  if (width <= 0 || cellWidth(text) <= width) return text;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    let rest = word;
    while (displayWidth(rest) > width) {
      if (line !== '') lines.push(line);
      line = '';
      const [head, tail] = splitAt(rest, width);
      lines.push(head);
      rest = tail;
    }
    if (line === '') line = rest;
    else if (displayWidth(line) + 1 + displayWidth(rest) <= width) line += ' ' + rest;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

function splitAt(text: string, width: number): [string, string] {
  let used = 0;
  let head = '';
  const chars = [...text];
  let i = 0;
  for (; i < chars.length; i++) {
    const w = displayWidth(chars[i]!);
    if (used + w > width && head !== '') break;
    head += chars[i];
    used += w;
  }
  return [head, chars.slice(i).join('')];
}

// Wrapping for everything masg writes as prose (help, errors, notices, summaries): lines are
// broken at spaces so nothing is wider than the terminal, or than 80 columns when piped.

interface Sized {
  isTTY?: boolean;
  columns?: number;
}

export const PIPED_WIDTH = 80;

/**
 * The width prose on `stream` is wrapped to: a terminal's own width; when piped (or a terminal
 * that reports 0 columns), COLUMNS if it is a positive number, else 80.
 */
export function textWidth(stream: Sized, env: Readonly<Record<string, string | undefined>>): number {
  if (stream.isTTY && stream.columns !== undefined && stream.columns > 0) return stream.columns;
  const n = /^\d+$/.test(env.COLUMNS?.trim() ?? '') ? Number(env.COLUMNS!.trim()) : 0;
  return n > 0 ? n : PIPED_WIDTH;
}

/**
 * The width messages on stderr (errors, notices, summaries) are wrapped to: only a terminal's.
 * Piped or redirected, a message stays on one line, so a log can be searched for it.
 */
export function messageWidth(stream: Sized, env: Readonly<Record<string, string | undefined>>): number | undefined {
  return stream.isTTY ? textWidth(stream, env) : undefined;
}

/** wrapText, or the text unchanged without a width. */
export function wrapTo(text: string, max: number | undefined, hang = 0): string {
  return max === undefined ? text : wrapText(text, max, hang);
}

const width = (s: string): number => [...s].length;

/**
 * Where the continuation of a long line starts: under its description column when it has one
 * ("  5    the service…", "  MASG_PROFILE   credentials…"), else under its own indent plus `hang`.
 */
function continuationIndent(line: string, hang: number, max: number): number {
  const column = /^( *\S+(?: \S+)*? {2,})\S/.exec(line);
  if (column && width(column[1]) <= max / 2) return width(column[1]);
  return width(/^ */.exec(line)![0]) + hang;
}

/**
 * Breaks every line of `text` wider than `max` at spaces. A word longer than the line (a URL)
 * is never split: it gets a line of its own. `hang` indents the continuation of a line that has
 * no description column (e.g. 2 for "masg: …" errors, so they read as one message).
 */
export function wrapText(text: string, max: number, hang = 0): string {
  return text
    .split('\n')
    .map((line) => wrapLine(line, max, hang))
    .join('\n');
}

function wrapLine(line: string, max: number, hang: number): string {
  if (width(line) <= max) return line;
  const indent = ' '.repeat(Math.min(continuationIndent(line, hang, max), Math.floor(max / 2)));
  const lead = /^ */.exec(line)![0];
  // Each word with the spaces before it, so the spacing of a line's first part is kept. A command
  // in backticks is one word: a hint's `masg …` must stay whole to be pasted.
  const words = [...line.slice(lead.length).matchAll(/( *)((?:`[^`\n]*`|[^\s`]|`)+)/g)].map((m) => ({ gap: m[1], word: m[2] }));
  const out: string[] = [];
  let current = lead + words[0].word;
  for (const { gap, word } of words.slice(1)) {
    if (width(current) + width(gap) + width(word) <= max) current += gap + word;
    else {
      out.push(current);
      current = indent + word;
    }
  }
  out.push(current);
  return out.join('\n');
}

// Wrapping prose (help, errors, notices) at spaces to the terminal's width, or 80 columns when piped.

interface Sized {
  isTTY?: boolean;
  columns?: number;
}

export const PIPED_WIDTH = 80;

/** A terminal's own width; piped (or a terminal reporting 0 columns), COLUMNS if positive, else 80. */
export function textWidth(stream: Sized, env: Readonly<Record<string, string | undefined>>): number {
  if (stream.isTTY && stream.columns !== undefined && stream.columns > 0) return stream.columns;
  const n = /^\d+$/.test(env.COLUMNS?.trim() ?? '') ? Number(env.COLUMNS!.trim()) : 0;
  return n > 0 ? n : PIPED_WIDTH;
}

/** Messages wrap only on a terminal: piped, a message stays on one line, so a log can be searched for it. */
export function messageWidth(stream: Sized, env: Readonly<Record<string, string | undefined>>): number | undefined {
  return stream.isTTY ? textWidth(stream, env) : undefined;
}

export function wrapTo(text: string, max: number | undefined, hang = 0): string {
  return max === undefined ? text : wrapText(text, max, hang);
}

const width = (s: string): number => [...s].length;

/** Continuations go under a line's description column ("  MASG_PROFILE   credentials…"), else its indent plus `hang`. */
function continuationIndent(line: string, hang: number, max: number): number {
  const column = /^( *\S+(?: \S+)*? {2,})\S/.exec(line);
  if (column && width(column[1]) <= max / 2) return width(column[1]);
  return width(/^ */.exec(line)![0]) + hang;
}

/** Breaks lines wider than `max` at spaces; a longer word (a URL) gets a line of its own, never split. */
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
  // A command in backticks is one word: a hint's `masg …` must stay whole to be pasted.
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

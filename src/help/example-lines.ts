// An example as it is printed in help: `$ command`, broken at spaces outside quotes with a
// trailing backslash, so a long one still fits and still runs when pasted. A trailing
// `# comment` goes on a line of its own above the command: a backslash inside a comment would
// not continue the line.
import { wrapText } from '../output/wrap.js';

const width = (s: string): number => [...s].length;

/** The words of a shell line, quotes kept; splitting only at spaces outside quotes. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const ch of command) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (ch === ' ') {
      if (current) words.push(current);
      current = '';
    } else current += ch;
  }
  if (current) words.push(current);
  return words;
}

/** Words in the units a line may break between: a flag stays with its value (`--name "Top banner"`). */
function units(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last !== undefined && /^--?[\w-]+$/.test(last) && !word.startsWith('-')) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** Splits `cmd   # why` into the command and its comment (a `#` outside quotes, after a space). */
function splitComment(example: string): { command: string; comment?: string } {
  let quote: string | undefined;
  for (let i = 0; i < example.length; i++) {
    const ch = example[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && example[i - 1] === ' ') return { command: example.slice(0, i).trimEnd(), comment: example.slice(i + 1).trim() };
  }
  return { command: example };
}

/** The lines of one example, each at most `max` wide where the words allow it. */
export function exampleLines(example: string, max: number, indent = '  '): string[] {
  const { command, comment } = splitComment(example);
  const lines = comment === undefined ? [] : wrapText(`${indent}# ${comment}`, max).split('\n').map((l, i) => (i === 0 ? l : `${indent}# ${l.trim()}`));
  const first = `${indent}$ `;
  const next = `${indent}    `;
  let current = first;
  for (const word of units(shellWords(command))) {
    const candidate = current === first ? current + word : `${current} ${word}`;
    // Room is kept for " \" on every line but the last.
    if (current !== first && current !== next && width(candidate) + 2 > max) {
      lines.push(`${current} \\`);
      current = next + word;
    } else current = candidate;
  }
  lines.push(current);
  return lines;
}

// A help page laid out for a terminal, gh's way: what commander's formatHelp hook prints
// (help/format.ts), and what `masg --help` prints from the generated pages (help/pages.ts)
// without loading commander. Imports nothing but the text wrapper.
import { wrapText } from '../output/wrap.js';

/**
 * A command's help page as plain data: what commander's tree says of it (help/format.ts), nothing
 * laid out yet. The same pages are generated into completions/masg-help.json (help/pages.ts).
 */
export interface HelpPage {
  usage: string;
  description: string;
  arguments: HelpItem[];
  options: HelpItem[];
  commands: HelpItem[];
  examples: readonly string[];
  sections: ReadonlyArray<{ title: string; lines: string[] }>;
  /** The options every command takes: "Global options" on the root's page, "Inherited" below it. */
  globals?: { title: string; flags: string[] };
}

export interface HelpItem {
  term: string;
  description: string;
}

/**
 * A term and its description: side by side while the description keeps 30 columns, else (a
 * narrow terminal, a long term) the description on the lines below, indented.
 */
export function formatItem(term: string, termWidth: number, description: string, max: number): string {
  if (!description) return `  ${term}`;
  if (max - termWidth - 4 >= 30) {
    const lines = wrapText(description, max - termWidth - 4).split('\n');
    return lines.map((l, i) => (i === 0 ? `  ${term.padEnd(termWidth)}  ${l}` : `${' '.repeat(termWidth + 4)}${l}`)).join('\n');
  }
  return `  ${term}\n${wrapText(description, max - 6)
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n')}`;
}

/** Flags named one after the other, wrapped, e.g. "-p, --profile <name>  --sandbox  …". */
function flagList(flags: string[], max: number): string[] {
  const lines: string[] = [];
  let current = ' ';
  for (const flag of flags) {
    if (current.length > 1 && current.length + 2 + flag.length > max) {
      lines.push(current);
      current = ' ';
    }
    current += ` ${current.length > 1 ? ' ' : ''}${flag}`;
  }
  lines.push(current);
  return lines;
}

/** The page laid out for a terminal `max` columns wide. */
export function renderHelpPage(page: HelpPage, max: number): string {
  const termWidth = Math.max(0, ...[page.arguments, page.options, page.commands].flat().map((i) => i.term.length));
  const items = (list: HelpItem[]) => list.map((i) => formatItem(i.term, termWidth, i.description, max));
  const out: string[] = [wrapText(`Usage: ${page.usage}`, max, 4), ''];
  if (page.description) out.push(wrapText(page.description, max), '');
  const list = (title: string, lines: string[]) => {
    if (lines.length > 0) out.push(title, ...lines, '');
  };
  list('Arguments:', items(page.arguments));
  list('Options:', items(page.options));
  list('Commands:', items(page.commands));
  list(
    'Examples:',
    page.examples.flatMap((e) => exampleLines(e, max)),
  );
  for (const section of page.sections)
    list(
      section.title,
      section.lines.map((l) => wrapText(l, max)),
    );
  if (page.globals) list(wrapText(page.globals.title, max), flagList(page.globals.flags, max));
  return out.join('\n');
}

// An example is broken with trailing backslashes so a long one still runs when pasted; its
// `# comment` goes above it, since a backslash inside a comment would not continue the line.
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
  const lines =
    comment === undefined
      ? []
      : wrapText(`${indent}# ${comment}`, max)
          .split('\n')
          .map((l, i) => (i === 0 ? l : `${indent}# ${l.trim()}`));
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

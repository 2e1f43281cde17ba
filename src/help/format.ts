// masg's help page, laid out as gh's; inherited (global) options come last, named briefly with a
// pointer to `masg help options`.
import type { Command, Help, Option } from 'commander';
import { wrapText } from '../output/wrap.js';
import { examplesOf, sectionsOf } from './metadata.js';

/** A default as the value it is, never as a quoted string: `(default: 4)`, not `(default: "4")`. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value)) return value.map(shown).join(',');
  return String(value);
}

/** The option's description with its choices, default and preset, as values. */
export function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`one of: ${option.argChoices.join(', ')}`);
  const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
  if (option.defaultValue !== undefined && showDefault)
    extra.push(`default: ${option.defaultValueDescription ?? shown(option.defaultValue)}`);
  if (option.presetArg !== undefined && option.optional) extra.push(`alone: ${shown(option.presetArg)}`);
  if (option.envVar !== undefined) extra.push(`env: ${option.envVar}`);
  return extra.length === 0 ? option.description : `${option.description} (${extra.join('; ')})`.trim();
}

const isHelp = (o: Option) => o.long === '--help';

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

/** The global options a subcommand inherits from the root, as commander shows them. */
function inherited(cmd: Command, helper: Help): Option[] {
  return cmd.parent ? helper.visibleGlobalOptions(cmd) : helper.visibleOptions(cmd).filter((o) => !isHelp(o));
}

/** Flags named one after the other, wrapped, e.g. "-p, --profile <name>  --sandbox  …". */
function flagList(options: Option[], max: number): string[] {
  const lines: string[] = [];
  let current = ' ';
  for (const flags of options.map((o) => o.flags)) {
    if (current.length > 1 && current.length + 2 + flags.length > max) {
      lines.push(current);
      current = ' ';
    }
    current += ` ${current.length > 1 ? ' ' : ''}${flags}`;
  }
  lines.push(current);
  return lines;
}

export function formatHelp(cmd: Command, helper: Help): string {
  const max = helper.helpWidth ?? 80;
  const own = cmd.parent ? helper.visibleOptions(cmd) : helper.visibleOptions(cmd).filter(isHelp);
  const args = helper.visibleArguments(cmd);
  const subs = helper.visibleCommands(cmd);
  const termWidth = Math.max(
    0,
    ...own.map((o) => helper.optionTerm(o).length),
    ...args.map((a) => helper.argumentTerm(a).length),
    ...subs.map((s) => helper.subcommandTerm(s).length),
  );
  const item = (term: string, description: string) => formatItem(term, termWidth, description, max);
  const out: string[] = [wrapText(`Usage: ${helper.commandUsage(cmd)}`, max, 4), ''];
  const description = helper.commandDescription(cmd);
  if (description) out.push(wrapText(description, max), '');
  const list = (title: string, items: string[]) => {
    if (items.length > 0) out.push(title, ...items, '');
  };
  list(
    'Arguments:',
    args.map((a) => item(helper.argumentTerm(a), helper.argumentDescription(a))),
  );
  list(
    'Options:',
    own.map((o) => item(helper.optionTerm(o), optionDescription(o))),
  );
  list(
    'Commands:',
    subs.map((s) => item(helper.subcommandTerm(s), helper.subcommandDescription(s))),
  );
  list(
    'Examples:',
    examplesOf(cmd).flatMap((e) => exampleLines(e, max)),
  );
  for (const section of sectionsOf(cmd))
    list(
      section.title,
      section.lines.map((l) => wrapText(l, max)),
    );
  const globals = inherited(cmd, helper);
  if (globals.length > 0) {
    list(
      wrapText(`${cmd.parent ? 'Inherited options' : 'Global options'} (\`masg help options\` explains each):`, max),
      flagList(globals, max),
    );
  }
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

// Every command's help page, generated from the commander tree into completions/masg-help.json
// (help/format.ts, scripts/gen-completions.js; test/completion/drift.test.ts keeps it current). Help needs the
// commands' names, options and summaries, not their code: `masg --help` and `masg pub list --help`
// read this one file and lay the page out (help/format.ts) without loading commander or any
// command's declaration. Anything else that asks for help goes through commander as before.
import { readFileSync } from 'node:fs';
import type { Io } from '../context.js';
import { textWidth } from '../output/wrap.js';
import { renderHelpPage, type HelpPage } from './render.js';

export interface HelpPages {
  /** Command path ("" for the root, "pub list") → its page. */
  pages: Record<string, HelpPage>;
  /** Another name's path → the command's own ("publication" → "pub"). */
  aliases: Record<string, string>;
}

const PAGES_FILE = new URL('../../completions/masg-help.json', import.meta.url);

/**
 * The command path of a plain help request, else undefined: `masg`, `masg --help`,
 * `masg pub list --help` (or -h), `masg help pub list`, each word a command's name or alias.
 * Any other shape (an option before --help, an argument, a topic) is commander's to parse.
 */
export function requestedPage(argv: readonly string[], pages: HelpPages): string | undefined {
  let words: readonly string[];
  if (argv.length === 0) words = [];
  else if (argv[0] === 'help') words = argv.slice(1);
  else if (['--help', '-h'].includes(argv.at(-1)!)) words = argv.slice(0, -1);
  else return undefined;
  let path = '';
  for (const word of words) {
    const next = path ? `${path} ${word}` : word;
    const resolved = pages.pages[next] ? next : pages.aliases[next];
    if (resolved === undefined) return undefined;
    path = resolved;
  }
  return path;
}

/** Prints the page `argv` asks for and says so, or returns false for commander to answer. */
export function printHelpPage(argv: readonly string[], io: Io): boolean {
  let pages: HelpPages;
  try {
    pages = JSON.parse(readFileSync(PAGES_FILE, 'utf8')) as HelpPages;
  } catch {
    return false; // a tree without the generated file still has commander's help
  }
  const path = requestedPage(argv, pages);
  if (path === undefined) return false;
  io.stdout.write(renderHelpPage(pages.pages[path], textWidth(io.stdout, io.env)));
  return true;
}

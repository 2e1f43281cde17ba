// Every command's help page, generated from the commander tree into completions/masg-help.json
// (help/format.ts, help/generated.ts; test/completion/drift.test.ts keeps it current). Help needs the
// commands' names, options and summaries, not their code: `masg --help` and `masg pub list --help`
// read this one file and lay the page out (help/render.ts) without loading commander or any
// command's declaration. Anything else that asks for help goes through commander as before.
import { readFileSync } from 'node:fs';
import type { Io } from '../context.js';
import { textWidth } from '../output/wrap.js';
import { renderHelpPage, type HelpPage } from './render.js';
import { helpWords } from './request.js';

export interface HelpPages {
  /** Command path ("" for the root, "pub list") → its page. */
  pages: Record<string, HelpPage>;
  /** Another name's path → the command's own ("publication" → "pub"). */
  aliases: Record<string, string>;
}

const PAGES_FILE = new URL('../../completions/masg-help.json', import.meta.url);

/**
 * The command path of a plain help request (help/request.ts reads its shape), else undefined:
 * each word must be a command's name or alias. Any other request (an option before --help, an
 * argument, a topic) is commander's to parse.
 */
export function requestedPage(argv: readonly string[], pages: HelpPages): string | undefined {
  const words = helpWords(argv);
  if (words === undefined) return undefined;
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

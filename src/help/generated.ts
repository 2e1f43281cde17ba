// Everything under completions/ that is generated from the commander tree: the completion scripts
// and spec (completion/scripts.ts) and the help pages `masg --help` reads (help/format.ts).
// scripts/gen-completions.js writes them; test/completion/drift.test.ts checks the committed ones.
import type { Command } from 'commander';
import { generatedFiles } from '../completion/scripts.js';
import { helpPagesJson } from './format.js';

/** File name under completions/ → content. */
export function completionsFiles(program: Command): Record<string, string> {
  return { ...generatedFiles(program), 'masg-help.json': helpPagesJson(program) };
}

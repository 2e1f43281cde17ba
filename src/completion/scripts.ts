// The completion scripts and spec: what `masg completion` prints and gen-completions.js writes.
import type { Command } from 'commander';
import { bashScript } from './scripts/bash.js';
import { fishScript } from './scripts/fish.js';
import { zshScript } from './scripts/zsh.js';
import { buildSpec } from './spec.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function completionScript(shell: Shell, name = 'masg'): string {
  return { bash: bashScript, zsh: zshScript, fish: fishScript }[shell](name);
}

/** File name under completions/ → content: the completion files (help/generated.ts adds the help pages). */
export function generatedFiles(program: Command): Record<string, string> {
  return {
    'masg.bash': completionScript('bash'),
    _masg: completionScript('zsh'),
    'masg.fish': completionScript('fish'),
    'masg-spec.json': specJson(program),
  };
}

/** Indented for readable diffs, but each list of values on one line (zones, languages…). */
function specJson(program: Command): string {
  const text = JSON.stringify(buildSpec(program), null, 1);
  return `${text.replace(/\[\n\s*("(?:[^"\\]|\\.)*"(?:,\n\s*"(?:[^"\\]|\\.)*")*)\n\s*\]/g, (_m, items: string) => `[${items.replace(/,\n\s*/g, ', ')}]`)}\n`;
}

// Commander's parse errors, made more useful where its message alone misleads or stops short:
// - it suggests the nearest option by spelling, and spelling misleads once: `--out` is three
//   letters from `--output`, which sets the *format*. A command without --out that gets one was
//   asked to write a file: point to what does that (the bulk commands' --results, or a shell
//   redirection), never to -o;
// - `--json` (gh's spelling) gets no suggestion from spelling: point to `-o json` (and --fields);
// - a missing ID argument names the list command that shows the valid IDs, as every ID error does.
// Suggested commands keep the line's --sandbox, --profile and --base-url (hint-line.ts).
import type { Command } from 'commander';
import { keepLineOptions, type LineOptions } from './hint-line.js';

const FILE_FLAGS = new Set(['--out', '--outfile', '--out-file', '--output-file']);

function longFlags(cmd: Command): Set<string> {
  return new Set(cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined));
}

/** Commander's message for `cmd`, corrected or completed as above. */
export function correctSuggestion(text: string, cmd: Command): string {
  const line = cmd.optsWithGlobals<LineOptions>();
  return keepLineOptions(corrected(text, cmd), line);
}

function corrected(text: string, cmd: Command): string {
  const first = text.split('\n')[0];
  const missing = /^error: missing required argument '([^']+)'/.exec(text)?.[1];
  if (missing !== undefined) {
    const list = /\(see (`masg [^`]+`)\)/.exec(cmd.registeredArguments.find((a) => a.name() === missing)?.description ?? '')?.[1];
    return list === undefined ? text : `${first}\n(${list} shows the IDs.)\n`;
  }
  const flag = /^error: unknown option '(--[^'=]+)(?:=([^']*))?/.exec(text);
  if (flag?.[1] === '--json') {
    const fields = flag[2] ? ` --fields ${flag[2]}` : '';
    return `${first}\n(For JSON, use \`-o json${fields}\`: -o chooses the format, --fields the columns.)\n`;
  }
  if (flag === null || !FILE_FLAGS.has(flag[1].toLowerCase()) || longFlags(cmd).has('--out')) return text;
  const instead = !cmd.parent
    ? '(--out belongs after the command, for the list and stats commands: e.g. masg pub list --out FILE.)'
    : longFlags(cmd).has('--results')
      ? '(Did you mean --results? It names the file for the per-row results of --from.)'
      : '(This command writes no file: redirect its output instead, e.g. `> FILE`; -o/--output sets the format.)';
  return `${first}\n${instead}\n`;
}

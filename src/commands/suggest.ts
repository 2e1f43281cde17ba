// Commander suggests the nearest option by spelling, and spelling misleads once: `--out` is
// three letters from `--output`, which sets the *format*. A command without --out that gets one
// was asked to write a file: point to what does that (the bulk commands' --results, or a shell
// redirection), never to -o.
import type { Command } from 'commander';

const FILE_FLAGS = new Set(['--out', '--outfile', '--out-file', '--output-file']);

function longFlags(cmd: Command): Set<string> {
  return new Set(cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined));
}

/** Commander's "unknown option" message for `cmd`, its suggestion corrected where spelling misleads. */
export function correctSuggestion(text: string, cmd: Command): string {
  const flag = /^error: unknown option '(--[^'=]+)/.exec(text)?.[1];
  if (flag === undefined || !FILE_FLAGS.has(flag.toLowerCase()) || longFlags(cmd).has('--out')) return text;
  const first = text.split('\n')[0];
  const instead = !cmd.parent
    ? '(--out belongs after the command, for the list and stats commands: e.g. masg pub list --out FILE.)'
    : longFlags(cmd).has('--results')
      ? '(Did you mean --results? It names the file for the per-row results of --from.)'
      : '(This command writes no file: redirect its output instead, e.g. `> FILE`; -o/--output sets the format.)';
  return `${first}\n${instead}\n`;
}

// `--out FILE` for data commands: the format follows the file's extension unless -o says
// otherwise, and never a table (a file is data, not a terminal).
import type { Context } from '../context.js';
import { outFormat } from '../output/out-format.js';
import type { OutputSettings } from '../output/types.js';

/**
 * The file `--out` names, or undefined for stdout: `--out -` means stdout, as `--from -` and
 * `--results -` mean stdin and stdout, so a file named "-" is never created. (Not an option
 * parser: commander turns a parser's undefined into "".)
 */
export function outFile(out: string | undefined): string | undefined {
  return out === '-' ? undefined : out;
}

export const OUT_OPTION = [
  '--out <file>',
  'write to FILE atomically (format from its extension unless -o is given; - for stdout)',
] as const;

/** The output settings for `out` (stdout's when undefined); throws UsageError for -o table. */
export async function settingsFor(ctx: Context, out: string | undefined): Promise<OutputSettings> {
  const settings = await ctx.outputSettings();
  if (outFile(out) === undefined) return settings;
  return { ...settings, format: outFormat(out!, ctx.globals.output), color: false, width: undefined };
}

// `--out FILE`'s declaration, apart from its checks (out-file.ts): help and parsing read it
// without loading what a run needs.
import type { Command } from 'commander';
import { DEFAULT_CONCURRENCY, parseConcurrency } from '../core/pool.js';

export const OUT_OPTION = [
  '--out <file>',
  'write to FILE atomically (format from its extension unless -o is given; - for stdout)',
] as const;

/** A statistics report's --out also takes placeholders for the days it holds (expandOut). */
export const STATS_OUT_OPTION = [OUT_OPTION[0], `${OUT_OPTION[1]}; {date}, {from}, {to} become the days held (YYYY-MM-DD)`] as const;

export function addOutOption(cmd: Command): Command {
  return cmd.option(...OUT_OPTION);
}

/** The lists: --out, and --concurrency for several accounts (`--profile a,b`): one limit on the requests in flight. */
export function addListOptions(cmd: Command): Command {
  return addOutOption(cmd).option(
    '--concurrency <n>',
    `with several profiles (--profile a,b): accounts read at once (default ${DEFAULT_CONCURRENCY})`,
    parseConcurrency,
  );
}

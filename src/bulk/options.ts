// Flags of the multi-item commands: metadata only, as it loads with the command tree.
import { Option, type Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { DEFAULT_CONCURRENCY } from '../config/defaults.js';
import { parseConcurrency } from '../core/pool.js';

export interface BulkOptions {
  from?: string;
  results?: string;
  concurrency?: number;
  continueOnError?: boolean;
  encoding?: BulkEncoding;
}

/** ENCODINGS of ./csv-read.ts, which is not loaded with the command tree. */
const BULK_ENCODINGS = ['utf8', 'latin1', 'windows-1252'] as const;
export type BulkEncoding = (typeof BULK_ENCODINGS)[number];

export function addBulkOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--from <file>', `${what} from a CSV file (as \`list -o csv\` writes it; - for stdin); --dry-run prints the plan`)
    .addOption(
      new Option(
        '--encoding <name>',
        "with --from: the CSV file's encoding (default utf8; windows-1252 for files from Excel on Windows)",
      ).choices(BULK_ENCODINGS),
    )
    .option('--results <file>', 'with --from: where the per-row results CSV goes (default: <file>.results.csv beside it; - for stdout)')
    .option('--concurrency <n>', 'requests in flight at once for --from or several IDs', parseConcurrency, DEFAULT_CONCURRENCY)
    .option('--continue-on-error', 'keep going after a failed item; exit 8 if any failed');
}

/** With --from the file says everything: IDs or field flags beside it are a mistake. */
export function checkFromAlone(args: readonly string[], fields: Record<string, unknown>, argName: string): void {
  if (args.length > 0) throw new UsageError(`--from reads the IDs from the file: give no ${argName}.`, { field: argName });
  const given = Object.keys(fields).filter((k) => fields[k] !== undefined);
  if (given.length > 0) {
    const flags = given.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ');
    throw new UsageError(`--from reads the changes from the file: drop ${flags}.`, { field: '--from' });
  }
}

// The format of an `--out FILE`: its extension's unless -o says otherwise, csv when neither says,
// and never a table (a file is data, not a terminal). One rule for every command that writes
// files: the list, statistics and sql commands.
import { UsageError } from '../core/errors.js';
import type { OutputFormat } from './types.js';

const EXTENSIONS: Record<string, OutputFormat> = { '.csv': 'csv', '.tsv': 'tsv', '.json': 'json', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

/**
 * The file `--out` names, or undefined for stdout: `--out -` means stdout, as `--from -` and
 * `--results -` mean stdin and stdout, so a file named "-" is never created.
 */
export function outFile(out: string | undefined): string | undefined {
  return out === '-' ? undefined : out;
}

export function outFormat(path: string, explicit: OutputFormat | undefined): OutputFormat {
  const ext = /\.[^./]+$/.exec(path)?.[0]?.toLowerCase() ?? '';
  const format = explicit ?? EXTENSIONS[ext] ?? 'csv';
  if (format === 'table') throw new UsageError('--out writes data files: choose -o csv, tsv, json or ndjson.', { field: '--out' });
  return format;
}

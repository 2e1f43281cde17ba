// The format of `--out FILE`: -o, else the extension's, else csv; never a table (a file is data, not a terminal).
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

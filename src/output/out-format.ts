// The format of `--out FILE`: -o, else the extension's, else csv; never a table (a file is data,
// not a terminal). An extension masg does not write (.xlsx) or one that contradicts -o is refused:
// a file named .xlsx holding CSV would open as garbage, or not at all.
import { UsageError } from '../core/errors.js';
import type { OutputFormat } from './types.js';

/** `table` on a terminal, else exactly `-o tsv`, so `cut` and `awk` just work and no hidden format exists. */
export function defaultFormat(stdoutIsTTY: boolean): OutputFormat {
  return stdoutIsTTY ? 'table' : 'tsv';
}

/** The extensions masg writes, and the format each names (`masg sql` adds .parquet). */
export const OUT_EXTENSIONS: Readonly<Record<string, OutputFormat>> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};
const KNOWN = Object.keys(OUT_EXTENSIONS).join(', ');

/**
 * The file `--out` names, or undefined for stdout: `--out -` means stdout, as `--from -` and
 * `--results -` mean stdin and stdout, so a file named "-" is never created.
 */
export function outFile(out: string | undefined): string | undefined {
  return out === '-' ? undefined : out;
}

/** The extension of a file name, lower case ('' when there is none: `export`, `.hidden`, `dir.d/out`). */
export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export function outFormat(path: string, explicit: OutputFormat | undefined, field = '--out'): OutputFormat {
  if (explicit === 'table') throw new UsageError(`${field} writes data files: choose -o csv, tsv, json or ndjson.`, { field });
  const ext = extensionOf(path);
  if (ext === '') return explicit ?? 'csv';
  const byName = OUT_EXTENSIONS[ext];
  if (byName === undefined) {
    throw new UsageError(`${field}: masg does not write ${ext} files (${path}).`, {
      field,
      hint: `Name the file ${KNOWN} (the format follows it), or give no extension and choose one with -o.`,
    });
  }
  if (explicit !== undefined && explicit !== byName) {
    throw new UsageError(`${field}: ${path} is named as ${byName}, and -o asks for ${explicit}.`, {
      field,
      hint: `Drop -o ${explicit} (the format follows the extension), or name the file for ${explicit}.`,
    });
  }
  return byName;
}

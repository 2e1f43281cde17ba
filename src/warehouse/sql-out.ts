// `masg sql --out FILE`: the format is the file's extension, and FILE is never the warehouse.
// (The other commands' --out read the same extensions, output/out-format.ts, less .parquet.)
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { OutputFormat } from '../output/types.js';
import { extensionOf, OUT_EXTENSIONS } from '../output/out-format.js';

export type SqlFileFormat = 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet';

const EXTENSIONS: Record<string, SqlFileFormat> = { ...OUT_EXTENSIONS, '.parquet': 'parquet' };
const KNOWN = Object.keys(EXTENSIONS).join(', ');

/** The format FILE's extension names; an unknown one, or an -o that says otherwise, is exit 2. */
export function sqlOutFormat(path: string, explicit: OutputFormat | undefined): SqlFileFormat {
  const ext = extensionOf(path);
  const format = EXTENSIONS[ext];
  if (format === undefined) {
    const what = ext === '' ? `"${path}" has no extension` : `the extension ${ext} is not one masg writes`;
    throw new UsageError(`--out: ${what}; the format comes from it.`, {
      field: '--out',
      hint: `Name the file with one of ${KNOWN}.`,
    });
  }
  if (explicit !== undefined && explicit !== format) {
    throw new UsageError(`--out: ${path} is ${format} by its extension, and -o asks for ${explicit}.`, {
      field: '--out',
      hint: `Drop -o, or name the file for ${explicit}.`,
    });
  }
  return format;
}

/**
 * Refuses (exit 2) an --out that is the warehouse or one of DuckDB's files beside it (its WAL), by
 * whatever path: relative, through symbolic links or `..`. The file would replace the database.
 */
export async function refuseWarehouseOut(out: string, database: string): Promise<void> {
  const [file, db] = await Promise.all([canonical(out), canonical(database)]);
  const own = [db, `${db}.wal`, `${db}.wal.checkpoint`, `${db}.wal.recovery`];
  if (own.includes(file)) {
    const what = file === db ? 'the warehouse itself' : "the warehouse's write-ahead log";
    throw new UsageError(`--out: ${out} is ${what}; writing it would replace the database.`, {
      field: '--out',
      hint: 'Write the result to another file.',
    });
  }
}

/** The file's real path; for a file that does not exist yet, its folder's real path and its name. */
async function canonical(path: string): Promise<string> {
  const full = resolve(path);
  const real = await realpath(full).catch(() => undefined);
  if (real !== undefined) return real;
  const folder = await realpath(dirname(full)).catch(() => dirname(full));
  return join(folder, basename(full));
}

// The results file of a bulk apply, one line per row, written atomically. It is opened and its room
// proved before anything is sent, so an unwritable target changes nothing (exit 2); if writing still
// fails after the changes, the results go to a fallback file or stderr (exit 7).
import { promises as fs } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { LocalIOError, UsageError } from '../core/errors.js';
import { localIOError } from '../core/local-io.js';
import type { AtomicFile } from '../core/atomic-file.js';
import type { BulkOutput } from './port.js';
import { openAtomicFile } from '../core/atomic-file.js';
import { createCsvEncoder } from '../output/format/csv.js';

export type ResultRow = Record<string, string>;

export function defaultResultsPath(input: string): string {
  if (input === '-') return '-';
  const ext = extname(input);
  return join(dirname(input), `${basename(input, ext)}.results${ext === '' ? '.csv' : ext}`);
}

/** What became of the results when their file could not be written after the changes. */
export interface ResultsLost {
  error: LocalIOError;
  fallback?: string;
  /** For stderr when there is no fallback file. */
  text: string;
}

export interface ResultsTarget {
  readonly path: string;
  /** Resolves with what was lost instead of throwing when the file fails. */
  write(columns: readonly string[], rows: readonly ResultRow[]): Promise<ResultsLost | undefined>;
  /** Nothing was applied after all (refused, declined): remove the temporary file. */
  discard(): Promise<void>;
}

export interface PrepareOptions {
  output: BulkOutput;
  /** Proved to fit before anything is sent. */
  reserveBytes?: number;
  fallbackDirs: readonly string[];
}

/** Opens the results target before anything is sent; every failure is a UsageError (exit 2). */
export async function prepareResults(target: string, input: string, opts: PrepareOptions): Promise<ResultsTarget> {
  if (target === '-') return stdoutTarget(opts.output, opts.fallbackDirs);
  if (input !== '-' && resolve(target) === resolve(input)) {
    throw new UsageError(`--results: ${target} is the input file itself; choose another name (nothing was sent).`, { field: '--results' });
  }
  const dir = dirname(target);
  if (!(await fs.stat(dir).catch(() => undefined))?.isDirectory()) {
    throw new UsageError(`--results: the folder ${dir} does not exist; nothing was sent.`, { field: '--results' });
  }
  let file: AtomicFile;
  try {
    file = await openAtomicFile(target, '--results', { reserveBytes: opts.reserveBytes });
  } catch (err) {
    if (!(err instanceof LocalIOError)) throw err;
    throw new UsageError(`--results: ${err.message.replace(/^Cannot/, 'cannot').replace(/\.$/, '')}; nothing was sent.`, {
      field: '--results',
      hint: err.hint,
      cause: err,
    });
  }
  return fileTarget(target, file, opts.fallbackDirs);
}

/** `--results -`: stdout redirected to a file can fill a disk too; the results are kept then. */
function stdoutTarget(output: BulkOutput, fallbackDirs: readonly string[]): ResultsTarget {
  return {
    path: '-',
    async write(columns, rows) {
      const text = encode(columns, rows);
      const failed = await output.text(text);
      return failed === undefined ? undefined : keepResults(failed, 'standard output', text, fallbackDirs);
    },
    async discard() {},
  };
}

function fileTarget(path: string, file: AtomicFile, fallbackDirs: readonly string[]): ResultsTarget {
  return {
    path,
    async write(columns, rows) {
      const text = encode(columns, rows);
      try {
        await new Promise<void>((resolve, reject) => file.stream.write(text, (err) => (err ? reject(err) : resolve())));
        await file.commit();
        return undefined;
      } catch (err) {
        await file.abort();
        return keepResults(file.explain(err), path, text, fallbackDirs);
      }
    },
    discard: () => file.abort(),
  };
}

/** Saves results whose output failed in a fallback file; `err` that is not a file-system failure is rethrown. */
export async function keepResults(err: unknown, path: string, text: string, fallbackDirs: readonly string[]): Promise<ResultsLost> {
  const error = localIOError(err, path);
  if (!error) throw err;
  return { error, fallback: await writeFallback(fallbackDirs, text), text };
}

/** The temporary folder (often another disk), else masg's configuration folder. */
export function fallbackDirs(ctx: { io: { env: Record<string, string | undefined> }; configDir: string }): string[] {
  const env = ctx.io.env;
  const tmp = env.TMPDIR || env.TMP || env.TEMP || (process.platform === 'win32' ? undefined : '/tmp');
  return [...(tmp ? [tmp] : []), join(ctx.configDir, 'results')];
}

/** A new file in the first folder that takes it, readable only by the user (private inventory). */
async function writeFallback(dirs: readonly string[], text: string): Promise<string | undefined> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  for (const dir of dirs) {
    const path = join(dir, `masg-results-${stamp}-${process.pid}.csv`);
    try {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const handle = await fs.open(path, 'wx', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return path;
    } catch {
      await fs.rm(path, { force: true }).catch(() => undefined);
    }
  }
  return undefined;
}

/** The same CSV writer as `-o csv`. */
export function encode(columns: readonly string[], rows: readonly ResultRow[]): string {
  const csv = createCsvEncoder(
    columns.map((key) => ({ key })),
    true,
  );
  return csv.header() + rows.map((row) => csv.line(row)).join('');
}

/** Room for each planned row's cells plus an ID and a result word or short failure message. */
export function estimateResultsBytes(columns: readonly string[], rows: readonly ResultRow[]): number {
  return Buffer.byteLength(encode(columns, rows)) + rows.length * 96;
}

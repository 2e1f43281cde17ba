// The results file of a bulk apply: one line per input row with what happened to it, written
// atomically (a run that dies leaves no half file and an earlier results file untouched), or to
// stdout with `--results -`. Default: beside the input, `slots.csv` → `slots.results.csv`.
//
// Preflight, then honesty: the results file is opened (its temporary file created, and room for
// the expected content proved on the disk) before anything is sent, so an unwritable target is
// refused with nothing changed (exit 2). If writing still fails after the changes were applied
// (the disk filled up meanwhile), the results are kept elsewhere — a fallback file, else stderr —
// and the caller reports it as a LocalIOError (exit 7).
import { promises as fs } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { LocalIOError, UsageError } from '../core/errors.js';
import { localIOError } from '../core/local-io.js';
import type { AtomicFile } from '../output/atomic-file.js';
import type { BulkOutput } from './port.js';

export type ResultRow = Record<string, string>;

export function defaultResultsPath(input: string): string {
  if (input === '-') return '-';
  const ext = extname(input);
  return join(dirname(input), `${basename(input, ext)}.results${ext === '' ? '.csv' : ext}`);
}

/** What became of the results when their file could not be written after the changes. */
export interface ResultsLost {
  error: LocalIOError;
  /** Where they were written instead, when that worked. */
  fallback?: string;
  /** The results CSV itself, for stderr when there is no fallback file. */
  text: string;
}

export interface ResultsTarget {
  /** The path given, or '-' for stdout. */
  readonly path: string;
  /** Writes the results; resolves with what was lost instead of throwing when the file fails. */
  write(columns: readonly string[], rows: readonly ResultRow[]): Promise<ResultsLost | undefined>;
  /** Nothing was applied after all (refused, declined): remove the temporary file. */
  discard(): Promise<void>;
}

export interface PrepareOptions {
  /** Where `--results -` goes. */
  output: BulkOutput;
  /** Bytes the results will need, about: proved to fit before anything is sent. */
  reserveBytes?: number;
  /** Folders to try, in order, for the fallback file (e.g. the system's temporary folder). */
  fallbackDirs: readonly string[];
}

/**
 * Checks and opens the results target before anything is sent. Every failure is a UsageError
 * (exit 2) that says nothing was sent: a results file that cannot be written must not be found
 * out after the changes.
 */
export async function prepareResults(target: string, input: string, opts: PrepareOptions): Promise<ResultsTarget> {
  if (target === '-') return stdoutTarget(opts.output, opts.fallbackDirs);
  // The results would replace the very file the user edited: refuse, nothing sent.
  if (input !== '-' && resolve(target) === resolve(input)) {
    throw new UsageError(`--results: ${target} is the input file itself; choose another name (nothing was sent).`, { field: '--results' });
  }
  const dir = dirname(target);
  if (!(await fs.stat(dir).catch(() => undefined))?.isDirectory()) {
    throw new UsageError(`--results: the folder ${dir} does not exist; nothing was sent.`, { field: '--results' });
  }
  const { openAtomicFile } = await import('../output/atomic-file.js');
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
      const text = await encode(columns, rows);
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
      const text = await encode(columns, rows);
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

/**
 * Results of applied changes whose output failed: saved in a fallback file when one can be
 * written. `err` that is not a file-system failure (a bug) is thrown as it is.
 */
export async function keepResults(err: unknown, path: string, text: string, fallbackDirs: readonly string[]): Promise<ResultsLost> {
  const error = localIOError(err, path);
  if (!error) throw err;
  return { error, fallback: await writeFallback(fallbackDirs, text), text };
}

/**
 * Where results go when their own file fails: the temporary folder (often another disk, a
 * tmpfs), else masg's configuration folder. From the context's environment, not process.env.
 */
export function fallbackDirs(ctx: { io: { env: Record<string, string | undefined> }; configDir: string }): string[] {
  const env = ctx.io.env;
  const tmp = env.TMPDIR || env.TMP || env.TEMP || (process.platform === 'win32' ? undefined : '/tmp');
  return [...(tmp ? [tmp] : []), join(ctx.configDir, 'results')];
}

/**
 * The results somewhere they fit: a new file in the first folder that takes it, readable only
 * by the user (it may name private inventory). Undefined when none does.
 */
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

/** Header and rows with the same CSV writer as `-o csv` (RFC 4180 quoting, LF). */
export async function encode(columns: readonly string[], rows: readonly ResultRow[]): Promise<string> {
  const { createCsvEncoder } = await import('../output/format/csv.js');
  const csv = createCsvEncoder(
    columns.map((key) => ({ key })),
    true,
  );
  return csv.header() + rows.map((row) => csv.line(row)).join('');
}

/**
 * About how many bytes the results will take, from the rows as planned (before their outcome):
 * each row's known cells, plus room for an ID and a result word or a short failure message.
 */
export async function estimateResultsBytes(columns: readonly string[], rows: readonly ResultRow[]): Promise<number> {
  return Buffer.byteLength(await encode(columns, rows)) + rows.length * 96;
}

// The results file of a bulk apply: one line per input row with what happened to it, written
// atomically (a run that dies leaves no half file and an earlier results file untouched), or to
// stdout with `--results -`. Default: beside the input, `slots.csv` → `slots.results.csv`.
import { stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';

export type ResultRow = Record<string, string>;

export function defaultResultsPath(input: string): string {
  if (input === '-') return '-';
  const ext = extname(input);
  return join(dirname(input), `${basename(input, ext)}.results${ext === '' ? '.csv' : ext}`);
}

/** Checked before anything is sent: a results file that cannot be written must not be found out after the changes. */
export async function checkResultsTarget(target: string, input: string): Promise<void> {
  if (target === '-') return;
  // The results would replace the very file the user edited: refuse, nothing sent.
  if (input !== '-' && resolve(target) === resolve(input)) {
    throw new UsageError(`--results: ${target} is the input file itself; choose another name (nothing was sent).`, { field: '--results' });
  }
  const dir = dirname(target);
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
    throw new UsageError(`--results: the folder ${dir} does not exist; nothing was sent.`, { field: '--results' });
  }
  const { checkNotFolder } = await import('../output/atomic-file.js');
  await checkNotFolder(target, '--results');
}

/** Writes header and rows with the same CSV writer as `-o csv` (RFC 4180 quoting, LF). */
export async function writeResults(target: string, stdout: Writable, columns: readonly string[], rows: readonly ResultRow[]): Promise<void> {
  const { createCsvEncoder } = await import('../output/format/csv.js');
  const csv = createCsvEncoder(columns.map((key) => ({ key })), true);
  const text = csv.header() + rows.map((row) => csv.line(row)).join('');
  if (target === '-') {
    await new Promise<void>((resolve, reject) => stdout.write(text, (err) => (err ? reject(err) : resolve())));
    return;
  }
  const { openAtomicFile } = await import('../output/atomic-file.js');
  const file = await openAtomicFile(target, '--results');
  try {
    await new Promise<void>((resolve, reject) => file.stream.write(text, (err) => (err ? reject(err) : resolve())));
    await file.commit();
  } catch (err) {
    await file.abort();
    throw err;
  }
}

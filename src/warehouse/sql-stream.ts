// What `masg sql` gets from either database: a statement's columns, then its rows in batches; or,
// where DuckDB writes an --out file itself (csv, tsv, parquet), the count it wrote.

import { InterruptedError, MasgError, UsageError } from '../core/errors.js';
import type { ColumnType, TextBatch } from '../output/types.js';
import { trimMessage } from './brief-error.js';

export interface QueryStream {
  columns: Array<{ name: string; type: ColumnType }>;
  /** Read once: values as text, or (`QueryOptions.bytes`) as their UTF-8 bytes. */
  batches: AsyncIterable<QueryBatch | TextBatch>;
  /** Releases the database; safe to call twice, and before or after the batches were read. */
  close(): Promise<void>;
}

/** Rows column by column (`columns[c][r]`), every value as exact text; null for NULL. */
export interface QueryBatch {
  rows: number;
  columns: Array<Array<string | null>>;
}

export type CopyFormat = 'csv' | 'tsv' | 'parquet';

/** DuckDB writes the rows itself into `path`, the temporary file of --out (core/atomic-file.ts). */
export interface CopyRequest {
  format: CopyFormat;
  header: boolean;
  path: string;
  /** The file as the user named it, for a failure to write it. */
  target: string;
}

/** The rows to write, or the count the engine already wrote (`copy` was asked and the statement is a query). */
export type SqlOutcome = { kind: 'rows'; stream: QueryStream } | { kind: 'copied'; rows: number };

export interface QueryOptions {
  write: boolean;
  signal: AbortSignal;
  /** DuckDB's memory_limit and threads (duckdb-settings.ts). */
  resources: { memory_limit: string; threads: string };
  copy?: CopyRequest;
  /** csv or tsv to stdout: DuckDB casts every value to text and hands its bytes over (TextBatch). */
  bytes?: boolean;
}

/** A statement that does not parse, or fails as it runs: the user's to fix (exit 2). */
export function queryFailed(message: string): UsageError {
  return new UsageError(`The query failed: ${trimMessage(message)}`, { field: '<query>' });
}

/** A statement that would change something, without --write (exit 2). */
export function needsWrite(message: string): UsageError {
  return new UsageError(`The query would change the warehouse, and masg sql is read-only: ${trimMessage(message)}`, {
    field: '<query>',
    hint: 'Add --write to run statements that change the database.',
  });
}

export function oneStatementOnly(count: number): UsageError {
  if (count === 0) return new UsageError('The query holds no statement (only comments or semicolons).', { field: '<query>' });
  return new UsageError(`The query holds ${count} statements; masg sql runs one at a time.`, {
    field: '<query>',
    hint: 'Run each statement with its own masg sql.',
  });
}

/** Parquet is written by DuckDB's COPY of a query; anything else has no rows to put in it. */
export function parquetNeedsQuery(): UsageError {
  return new UsageError('--out: a .parquet file is written from a query (SELECT, FROM, WITH…); this statement is not one.', {
    field: '--out',
    hint: 'Write its result to a .csv, .tsv, .json or .ndjson file.',
  });
}

/** Once Ctrl-C or SIGTERM came, whatever the database answered is an interruption (exit 130). */
export function interruption(signal: AbortSignal): MasgError | undefined {
  if (!signal.aborted) return undefined;
  return signal.reason instanceof MasgError ? signal.reason : new InterruptedError();
}

/** What a failure is reported as: an interruption first, else `classify`'s. */
export function failureOf(err: unknown, signal: AbortSignal, classify: (err: unknown) => unknown): unknown {
  return interruption(signal) ?? classify(err);
}

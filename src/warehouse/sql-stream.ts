// What `masg sql` gets from either database: a statement's columns, then its rows in batches.

import { UsageError } from '../core/errors.js';
import type { ColumnType } from '../output/types.js';
import { trimMessage } from './brief-error.js';

export interface QueryStream {
  columns: Array<{ name: string; type: ColumnType }>;
  /** Read once, or csv instead. */
  batches: AsyncIterable<QueryBatch>;
  /** The same rows already as masg's CSV lines, where the database can write them faster. */
  csv?: AsyncIterable<CsvBatch>;
  /** Releases the database; safe to call twice, and before or after the batches were read. */
  close(): Promise<void>;
}

/** Rows column by column (`columns[c][r]`), every value as exact text; null for NULL. */
export interface QueryBatch {
  rows: number;
  columns: Array<Array<string | null>>;
}

export interface CsvBatch {
  rows: number;
  bytes: Uint8Array;
}

export interface QueryOptions {
  write: boolean;
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

// The one interface both databases implement (plain SQL with $1 parameters, CSV bulk loads,
// transactions), so store.ts is written once for both.

import type { ColumnType } from '../output/types.js';
import { LocalIOError, MasgError } from '../core/errors.js';
import type { Dialect, TableDef } from './schema.js';

export interface QueryResult {
  columns: Array<{ name: string; type: ColumnType }>;
  /** Every value as text, exactly (BIGINT and DECIMAL never pass through JS numbers); null for NULL. */
  rows: Array<Array<string | null>>;
}

/** A staging CSV file, and the size of its longest line (DuckDB's CSV reader has a line limit). */
export interface StagedFile {
  path: string;
  /** In UTF-8 bytes, at most (staging.ts). */
  longestLineBytes: number;
}

/** DuckDB's CSV reader takes lines up to 2 MB (its default `max_line_size`); a longer one is read alone, the limit raised. */
export const CSV_LINE_LIMIT_BYTES = 2 * 1024 * 1024;

export interface SqlSession {
  readonly dialect: Dialect;
  /** The database as it may be shown (a URL's password hidden). */
  readonly label: string;
  exec(sql: string, params?: string[]): Promise<void>;
  query(sql: string, params?: string[]): Promise<QueryResult>;
  /** Appends the rows of headerless CSV files (columns in the table's order) to `table`. */
  load(table: TableDef, files: StagedFile[]): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A database failure as exit 7 naming the database, unless it already is a masg error. */
export function databaseError(err: unknown, label: string, doing: string): MasgError {
  if (err instanceof MasgError) return err;
  const message = (err instanceof Error ? err.message : String(err)).trim();
  const errno = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : undefined;
  return new LocalIOError(`The warehouse ${label} failed while ${doing}: ${message}`, { path: label, errno, cause: err });
}

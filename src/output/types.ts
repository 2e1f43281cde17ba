// The output contract shared by every command (docs/architecture.md, "Output"). Rows are plain
// objects of strings, exactly as the service sent them; typing happens here, per column, only
// for formats that have types (json, ndjson), so IDs like "0012" and counts beyond 2^53 survive.

export type OutputFormat = 'table' | 'csv' | 'tsv' | 'json' | 'ndjson';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'csv', 'tsv', 'json', 'ndjson'];

export type { Column, ColumnType, Row } from '../schema/column.js';
import type { Row } from '../schema/column.js';

export interface OutputSettings {
  format: OutputFormat;
  /** `--fields`: chosen columns in the chosen order; undefined = all columns. */
  fields?: string[];
  /** false for `--no-header` (csv/tsv only). */
  header: boolean;
  color: boolean;
  /**
   * Terminal width, set by the caller only when stdout is a TTY. Tables are fitted to it (see
   * fit.ts); undefined means unknown, so piped output is never cut, shortened or wrapped.
   */
  width?: number;
  /** `--wide`: tables show every column and whole values (free text wrapped at spaces). */
  wide?: boolean;
}

/**
 * Where output goes: process.stdout in production, a captured stream in tests, a temporary file
 * for `--out`. Only write() and its drain event are used, so any Node writable will do.
 */
export type OutStream = NodeJS.WritableStream;

export interface RowWriter {
  /**
   * Accepts a row. Returns nothing when it was taken at once (the common case: no microtask per
   * row on big exports), or a promise to await when `out` asked us to wait (backpressure).
   */
  write(row: Row): Promise<void> | void;
  /** Writes what is buffered and the closing part. `totals` is drawn by tables only. */
  end(totals?: Row): Promise<void>;
}

// The output contract shared by every command; rows are the strings the service sent (schema/column.ts).

export type OutputFormat = 'table' | 'csv' | 'tsv' | 'json' | 'ndjson';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'csv', 'tsv', 'json', 'ndjson'];

export type { Column, ColumnType, Row } from '../schema/column.js';
import type { Row } from '../schema/column.js';

export interface OutputSettings {
  format: OutputFormat;
  /** `--fields`: chosen columns in the chosen order; undefined = all columns. */
  fields?: string[];
  header: boolean;
  color: boolean;
  /** Terminal width, set only when stdout is a TTY: piped output is never cut, shortened or wrapped. */
  width?: number;
  wide?: boolean;
  /** What a table shows (a report's days and zone), said above it on a terminal; never in data formats. */
  caption?: ReadonlyArray<readonly [string, string]>;
  /** A table too wide to show every column whole on the terminal shows one record per row instead (`masg sync --status`). */
  records?: boolean;
  /**
   * Ctrl-C or SIGTERM: a write waiting for a reader that stopped reading gives up (exit 130). Part
   * of the settings so that every writer made from them (rows, records, tables, reports, several
   * accounts' shared output) has it; none can forget it.
   */
  signal?: AbortSignal;
}

/** process.stdout, a captured stream in tests, or an `--out` temp file: only write() and 'drain' are used. */
export type OutStream = NodeJS.WritableStream;

/**
 * Rows column by column as UTF-8 bytes, for csv and tsv without a string per value (masg sql on
 * DuckDB): value r of a column is `bytes[starts[r] .. starts[r] + lengths[r])`, NULL where the
 * length is -1. Valid only until the writer returns: the source may reuse it for the next batch.
 */
export interface TextBatch {
  rows: number;
  columns: Array<{ bytes: Buffer; starts: Int32Array; lengths: Int32Array }>;
}

export interface RowWriter {
  /** Returns nothing when the row was taken at once (no microtask per row), or a promise when `out` asks us to wait. */
  write(row: Row): Promise<void> | void;
  /** A whole batch of text columns, in order with the rows written so far (csv and tsv only). */
  writeText(batch: TextBatch): Promise<void> | void;
  end(totals?: Row): Promise<void>;
}

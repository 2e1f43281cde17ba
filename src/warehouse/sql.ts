// `masg sql`: one statement on the warehouse. Its rows are streamed and the command writes them
// through its output port (--out atomically); a DuckDB query's --out csv, tsv and parquet are
// written by DuckDB itself (COPY) into --out's temporary file. Types come from the database:
// integers as `int`, DECIMAL/float as `decimal` (both kept exact, as text), booleans as `bool`;
// everything else (dates, text, timestamps) as text.

import type { WarehousePort } from './port.js';
import { UsageError } from '../core/errors.js';
import type { Column, OutputFormat, Row, TextBatch } from '../output/types.js';
import { duckdbResourceConfig } from './duckdb-settings.js';
import { refuseWarehouseOut, sqlOutFormat, type SqlFileFormat } from './sql-out.js';
import { interruption, type CopyRequest, type QueryBatch, type QueryOptions, type QueryStream, type SqlOutcome } from './sql-stream.js';
import { sandboxMissingHint, warehouseTarget, type Target } from './target.js';
import { queryDuckDb } from './sql-duckdb.js';
import { queryPostgres } from './sql-postgres.js';

export type { CopyRequest, SqlFileFormat };

/** A query's rows: `batches` is read once; `close` releases the database, read or not. */
export interface SqlRows<B = readonly Row[]> {
  kind: 'rows';
  columns: Column[];
  batches: AsyncIterable<B>;
  close: () => Promise<void>;
}

/** The database wrote the rows itself (`copy`), this many. */
export type SqlResult<B = readonly Row[]> = SqlRows<B> | { kind: 'copied'; rows: number };

/** How the command takes the rows: `copy`, DuckDB writes --out's file; `bytes`, csv or tsv whose values need no types. */
export interface SqlHow {
  copy?: CopyRequest;
  bytes?: boolean;
}

export interface SqlOptions {
  db?: string;
  write?: boolean;
  out?: string;
}

/**
 * Everything that can be refused before the database is opened or a file created (exit 2): the
 * query, the flags, --out's format (its extension), and an --out that is the warehouse itself.
 */
export async function checkSql(
  ctx: WarehousePort,
  opts: SqlOptions,
  query: string,
  explicit?: OutputFormat,
): Promise<SqlFileFormat | undefined> {
  const target = warehouseTarget(opts.db, ctx);
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  if (query.trim() === '')
    throw new UsageError('<query>: the query is empty.', {
      field: '<query>',
      hint: 'e.g. masg sql "SELECT * FROM publisher_stats LIMIT 10"',
    });
  if (target.kind === 'duckdb') duckdbResourceConfig(ctx.io.env);
  if (opts.out === undefined || opts.out === '-') return undefined;
  if (target.kind === 'duckdb') await refuseWarehouseOut(opts.out, target.path);
  const format = sqlOutFormat(opts.out, explicit);
  if (format === 'parquet' && target.kind === 'postgres') {
    throw new UsageError('--out: masg writes .parquet files from a DuckDB warehouse only.', {
      field: '--out',
      hint: 'Write a .csv, .tsv, .json or .ndjson file from PostgreSQL.',
    });
  }
  return format;
}

export function runSql(ctx: WarehousePort, opts: SqlOptions, query: string): Promise<SqlResult>;
export function runSql(ctx: WarehousePort, opts: SqlOptions, query: string, how: SqlHow): Promise<SqlResult<readonly Row[] | TextBatch>>;
export async function runSql(
  ctx: WarehousePort,
  opts: SqlOptions,
  query: string,
  how: SqlHow = {},
): Promise<SqlResult<readonly Row[] | TextBatch>> {
  const target = warehouseTarget(opts.db, ctx);
  const signal = ctx.io.signal;
  const resources = duckdbResourceConfig(ctx.io.env);
  const options: QueryOptions = { write: opts.write === true, signal, resources, copy: how.copy, bytes: how.bytes };
  const outcome = await open(target, query, options).catch((err: unknown) => {
    throw sandboxMissingHint(err, ctx.globals.sandbox);
  });
  if (outcome.kind === 'copied') return outcome;
  const { stream } = outcome;
  // Keys must be unique for the output module: `SELECT 1, 1` gets columns "1" and "1_2".
  const seen = new Map<string, number>();
  const columns: Column[] = stream.columns.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return { key: n === 1 ? c.name : `${c.name}_${n}`, type: c.type, wrap: c.type === 'string' };
  });
  return { kind: 'rows', columns, batches: asRows(stream, columns, signal), close: () => stream.close() };
}

async function open(target: Target, query: string, opts: QueryOptions): Promise<SqlOutcome> {
  if (target.kind === 'duckdb') return queryDuckDb(target.path, target.label, query, opts);
  return queryPostgres(target.url, target.label, query, opts);
}

/** Ctrl-C stops between batches too: the database is released and an --out file never appears. */
async function* asRows(stream: QueryStream, columns: Column[], signal: AbortSignal): AsyncIterable<Row[] | TextBatch> {
  const keys = columns.map((c) => c.key);
  for await (const batch of stream.batches) {
    const stop = interruption(signal);
    if (stop) throw stop;
    if ('bytes' in (batch.columns[0] ?? {})) {
      yield batch as TextBatch;
      continue;
    }
    const rows = new Array<Row>(batch.rows);
    for (let r = 0; r < batch.rows; r++) {
      const row: Record<string, string> = {};
      for (let c = 0; c < keys.length; c++) row[keys[c]] = (batch as QueryBatch).columns[c][r] ?? '';
      rows[r] = row;
    }
    yield rows;
  }
}

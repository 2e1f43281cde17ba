// `masg sql`: one statement on the warehouse, its result streamed as rows (the command writes
// them through its output port, --out atomically). Types come from the database:
// integers as `int`, DECIMAL/float as `decimal` (both kept exact, as text), booleans as `bool`;
// everything else (dates, text, timestamps) as text.

import type { WarehousePort } from './port.js';
import { InterruptedError, MasgError, UsageError } from '../core/errors.js';
import { outFormat } from '../output/out-format.js';
import type { Column, Row } from '../output/types.js';
import type { CsvBytes } from '../output/writer.js';
import type { QueryStream } from './sql-stream.js';
import { sandboxMissingHint, warehouseTarget, type Target } from './target.js';

/** A query's result: `batches` is read once; `close` releases the database, read or not. */
export interface SqlRows {
  columns: Column[];
  batches: AsyncIterable<readonly Row[]>;
  /** The same rows as CSV lines DuckDB's chunks were encoded into: read instead of `batches` for plain csv. */
  csv?: AsyncIterable<CsvBytes>;
  close: () => Promise<void>;
}

export async function runSql(ctx: WarehousePort, opts: { db?: string; write?: boolean; out?: string }, query: string): Promise<SqlRows> {
  const target = warehouseTarget(opts.db, ctx);
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  if (query.trim() === '')
    throw new UsageError('<query>: the query is empty.', {
      field: '<query>',
      hint: 'e.g. masg sql "SELECT * FROM publisher_stats LIMIT 10"',
    });
  if (ctx.globals.raw) throw new UsageError('--raw prints a response of the service; masg sql queries the warehouse.', { field: '--raw' });
  if (ctx.globals.dryRun) throw new UsageError('--dry-run describes requests to the service; masg sql sends none.', { field: '--dry-run' });
  // Checked before the query runs: a table cannot go to a file.
  if (opts.out !== undefined && opts.out !== '-') outFormat(opts.out, ctx.globals.output);

  const stream = await open(target, query, { write: opts.write === true }).catch((err: unknown) => {
    throw sandboxMissingHint(err, ctx.globals.sandbox);
  });
  // Keys must be unique for the output module: `SELECT 1, 1` gets columns "1" and "1_2".
  const seen = new Map<string, number>();
  const columns: Column[] = stream.columns.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return { key: n === 1 ? c.name : `${c.name}_${n}`, type: c.type, wrap: c.type === 'string' };
  });
  return {
    columns,
    batches: asRows(stream, columns, ctx.io.signal),
    csv: stream.csv && stopOnAbort(stream.csv, ctx.io.signal),
    close: () => stream.close(),
  };
}

async function open(target: Target, query: string, opts: { write: boolean }): Promise<QueryStream> {
  if (target.kind === 'duckdb') return (await import('./sql-duckdb.js')).streamDuckDb(target.path, target.label, query, opts);
  return (await import('./sql-postgres.js')).streamPostgres(target.url, target.label, query, opts);
}

async function* asRows(stream: QueryStream, columns: Column[], signal: AbortSignal): AsyncIterable<Row[]> {
  const keys = columns.map((c) => c.key);
  for await (const batch of stopOnAbort(stream.batches, signal)) {
    const rows = new Array<Row>(batch.rows);
    for (let r = 0; r < batch.rows; r++) {
      const row: Record<string, string> = {};
      for (let c = 0; c < keys.length; c++) row[keys[c]] = batch.columns[c][r] ?? '';
      rows[r] = row;
    }
    yield rows;
  }
}

/** Ctrl-C stops between batches: the database is released and an --out file never appears. */
async function* stopOnAbort<T>(batches: AsyncIterable<T>, signal: AbortSignal): AsyncIterable<T> {
  for await (const batch of batches) {
    if (signal.aborted) throw signal.reason instanceof MasgError ? signal.reason : new InterruptedError();
    yield batch;
  }
}

// DuckDB through its official Node client (@duckdb/node-api), loaded only by `masg sync` and
// `masg sql`. Bulk loads read the staging CSV files with DuckDB's own CSV reader, typed
// explicitly (no sniffing), inside the caller's transaction.

import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LocalIOError } from '../core/errors.js';
import { appendCsvFile } from './duckdb-append.js';
import { briefError } from './brief-error.js';
import type { ColumnType } from '../output/types.js';
import { columnSqlType, type TableDef } from './schema.js';
import { databaseError, type QueryResult, type SqlSession, type StagedFile } from './sql-session.js';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * `masg sync` (the one caller that opens with `create`) mostly bulk-loads CSV while Node parses
 * the next response on the main thread. One DuckDB thread loads a 200,000-row day as fast as two,
 * and each reader thread holds its own buffers, so one thread and 2 MB CSV buffers (DuckDB's
 * default is 16 × the 2 MB line limit, per thread) cut the load's extra memory by ~35 MB.
 * No vacuum at checkpoints: merging the part-filled row groups that each reopen leaves reads them
 * whole, a peak that grew with the range (a 30-day first sync: 282 MB with it, 236 MB without).
 * Nightly re-syncs of the last days keep the file's size without it (measured over 10 runs).
 */
const SYNC_CONFIG = { threads: '1', max_vacuum_tasks: '0' };
const CSV_BUFFER = 2 * 1024 * 1024;
/** DuckDB's CSV line limit is 2 MB (bytes): a character is at most 3 bytes in UTF-8 (4 for a pair of 2). */
const CSV_READER_MAX_CHARS = 256 * 1024;

/**
 * `owned`: the path is masg's default, so masg decides its modes: business data is private, the
 * folder 0700 (which also covers DuckDB's .wal beside the file) and the file 0600.
 */
export async function openDuckDb(
  path: string,
  label: string,
  opts: { readOnly: boolean; create: boolean; owned?: boolean },
): Promise<SqlSession> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const isNew = !existsSync(path);
  if (opts.create) {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: opts.owned ? 0o700 : 0o777 });
      if (opts.owned) chmodSync(dirname(path), 0o700);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new LocalIOError(`Cannot create the folder of the warehouse ${label}: ${e.message}`, { path, errno: e.code, cause: err });
    }
  }
  let instance: Awaited<ReturnType<typeof DuckDBInstance.create>>;
  try {
    instance = await DuckDBInstance.create(path, opts.readOnly ? { access_mode: 'READ_ONLY' } : opts.create ? SYNC_CONFIG : {});
    // Before anything is written into it: DuckDB creates the file with the process's umask.
    if (opts.owned && isNew && opts.create) chmodSync(path, 0o600);
  } catch (err) {
    throw openError(err, path, label);
  }
  let conn = await instance.connect();
  let closed = false;

  const session: SqlSession = {
    dialect: 'duckdb',
    label,
    async exec(sql, params) {
      try {
        await conn.run(sql, params);
      } catch (err) {
        throw databaseError(err, label, 'writing');
      }
    },
    async query(sql, params) {
      let reader;
      try {
        reader = await conn.runAndReadAll(sql, params);
      } catch (err) {
        throw databaseError(err, label, 'running a query');
      }
      const types = reader.columnTypes().map((t) => columnType(t.toString()));
      const columns = reader.columnNames().map((name, i) => ({ name, type: types[i] }));
      const rows = reader.getRows().map((r) => r.map((v) => (v === null || v === undefined ? null : String(v))));
      return { columns, rows } satisfies QueryResult;
    },
    async load(table: TableDef, files: StagedFile[]) {
      // A line too long for DuckDB's CSV reader (a 3 MB name) goes through the appender, which
      // has no limit; every other file through read_csv, which loads off the main thread.
      for (const file of files.filter((f) => f.longestLine > CSV_READER_MAX_CHARS)) {
        try {
          await appendCsvFile(conn, table, file.path);
        } catch (err) {
          throw databaseError(briefError(err), label, `loading ${table.name} from ${file.path}`);
        }
      }
      const paths = files.filter((f) => f.longestLine <= CSV_READER_MAX_CHARS).map((f) => f.path);
      if (paths.length === 0) return;
      const columns = table.columns.map((c) => `${quote(c.name)}: ${quote(columnSqlType(c, 'duckdb'))}`).join(', ');
      // Quoted "" is an empty string, an unquoted empty field is NULL (allow_quoted_nulls=false),
      // as in PostgreSQL's CSV: the staging writer relies on it.
      const sql =
        `INSERT INTO ${table.name} SELECT * FROM read_csv([${paths.map(quote).join(', ')}], header = false, ` +
        `auto_detect = false, delim = ',', quote = '"', escape = '"', nullstr = '', allow_quoted_nulls = false, buffer_size = ${CSV_BUFFER}, ` +
        `columns = {${columns}})`;
      try {
        await conn.run(sql);
      } catch (err) {
        throw databaseError(briefError(err), label, `loading ${table.name} from ${paths.join(', ')}`);
      }
    },
    async transaction(fn) {
      await session.exec('BEGIN TRANSACTION');
      try {
        const value = await fn();
        await session.exec('COMMIT');
        return value;
      } catch (err) {
        await conn.run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    async reopen() {
      // Between two transactions: closing the instance gives back the memory DuckDB keeps from
      // what it wrote (it grows with the rows written, whatever memory_limit says).
      conn.closeSync();
      instance.closeSync();
      try {
        instance = await DuckDBInstance.create(path, opts.create ? SYNC_CONFIG : {});
      } catch (err) {
        closed = true;
        throw openError(err, path, label);
      }
      conn = await instance.connect();
    },
    close() {
      // DuckDB closes synchronously; the interface is async for PostgreSQL's sake.
      if (!closed) {
        closed = true;
        conn.closeSync();
        instance.closeSync();
      }
      return Promise.resolve();
    },
  };
  return session;
}

/**
 * DuckDB lets one process open a file for writing: a second sync (or `masg sql` while a sync
 * runs) gets "Could not set lock on file … Conflicting lock is held in … (PID n)". Said plainly.
 */
export function openError(err: unknown, path: string, label: string): LocalIOError {
  const message = err instanceof Error ? err.message : String(err);
  const lock = /Conflicting lock is held in (.*?)(?: \(PID (\d+)\))?(?:\.|$|\n| by user)/i.exec(message);
  if (/Could not set lock/i.test(message)) {
    const pid = lock?.[2] ? ` (PID ${lock[2]})` : '';
    return new LocalIOError(
      `The warehouse ${label} is in use by another process${pid}: another masg sync, or a masg sql, is running on it.`,
      {
        path,
        errno: 'EBUSY',
        cause: err,
        hint: 'DuckDB lets one process write a database file at a time. Wait for the other one to finish, then run this again.',
      },
    );
  }
  if (/No such file|does not exist|Cannot open database/i.test(message)) {
    return new LocalIOError(`There is no warehouse at ${label}.`, {
      path,
      errno: 'ENOENT',
      cause: err,
      hint: 'Run `masg sync` first, or point --db (or MASG_DB) at the database.',
    });
  }
  return new LocalIOError(`Cannot open the warehouse ${label}: ${message}`, { path, cause: err });
}

/** DuckDB's type name → the output column type. Integers and decimals stay exact as text. */
export function columnType(name: string): ColumnType {
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/.test(name)) return 'int';
  if (/^DECIMAL\b/.test(name) || name === 'DOUBLE' || name === 'FLOAT') return 'decimal';
  if (name === 'BOOLEAN') return 'bool';
  return 'string';
}

// DuckDB through its official Node client, loaded only by `masg sync` and `masg sql`. Loads read
// the staging CSV files with DuckDB's CSV reader, typed explicitly, in the caller's transaction
// (no parser of masg's own: a line of any length is read by the engine, its limit raised to fit).

import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkDirectory } from '../core/atomic-file.js';
import { LocalIOError } from '../core/errors.js';
import { duckdbClient } from './duckdb-client.js';
import { briefError } from './brief-error.js';
import type { ColumnType } from '../output/types.js';
import { columnSqlType, type TableDef } from './schema.js';
import { duckdbWriterConfig, type WriterSettings } from './sync-duckdb-settings.js';
import { CSV_LINE_LIMIT_BYTES, databaseError, type QueryResult, type SqlSession, type StagedFile } from './sql-session.js';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** 2 MB CSV read buffers (default: 16 × the line limit, per thread) save ~35 MB on every load. */
const CSV_BUFFER = 2 * 1024 * 1024;

/**
 * `owned`: masg's default path, so business data is private: folder 0700 (the .wal too), file 0600.
 * `writer`: the settings a writing session opens with (src/warehouse/sync-duckdb-settings.ts).
 */
export async function openDuckDb(
  path: string,
  label: string,
  opts: { readOnly: boolean; create: boolean; owned?: boolean; writer?: WriterSettings },
): Promise<SqlSession> {
  const instance = await openInstance(path, label, opts);
  const conn = await instance.connect();
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
      const rows = reader.getRows().map((r) => r.map((v) => (v === null ? null : String(v))));
      return { columns, rows } satisfies QueryResult;
    },
    async load(table: TableDef, files: StagedFile[]) {
      await loadCsvFiles(conn, table, files, label);
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
    close() {
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

type DuckDBInstance = Awaited<ReturnType<ReturnType<typeof duckdbClient>['DuckDBInstance']['create']>>;
type DuckDBConnection = Awaited<ReturnType<DuckDBInstance['connect']>>;

/** The folder (created, 0700 when owned) and the database, opened with the session's settings. */
async function openInstance(
  path: string,
  label: string,
  opts: { readOnly: boolean; create: boolean; owned?: boolean; writer?: WriterSettings },
): Promise<DuckDBInstance> {
  const { DuckDBInstance } = duckdbClient();
  const isNew = !existsSync(path);
  // Only masg's own default folder is made; a folder the user named must exist, as for --out.
  if (opts.create && !opts.owned && isNew) await checkDirectory(path, 'The warehouse');
  if (opts.create && opts.owned) {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      chmodSync(dirname(path), 0o700); // an existing folder too: mkdir's mode is only a new one's
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new LocalIOError(`Cannot create the folder of the warehouse ${label}: ${e.message}`, { path, errno: e.code, cause: err });
    }
  }
  try {
    const config = opts.readOnly ? { access_mode: 'READ_ONLY' } : opts.writer ? duckdbWriterConfig(opts.writer) : {};
    const instance = await DuckDBInstance.create(path, config);
    // Before anything is written into it: DuckDB creates the file with the process's umask.
    if (opts.owned && isNew && opts.create) chmodSync(path, 0o600);
    return instance;
  } catch (err) {
    throw openError(err, path, label);
  }
}

/**
 * Appends staging CSV files to `table` with DuckDB's CSV reader, in the caller's transaction. A
 * file with a line longer than the reader's default limit (2 MB: a 3 MB name) is read alone with
 * its `max_line_size` (and a buffer) raised to fit that line: the engine's own reader, always.
 */
async function loadCsvFiles(conn: DuckDBConnection, table: TableDef, files: StagedFile[], label: string): Promise<void> {
  const long = files.filter((f) => f.longestLineBytes > CSV_LINE_LIMIT_BYTES);
  const batches: Array<{ paths: string[]; lineBytes?: number }> = long.map((f) => ({ paths: [f.path], lineBytes: f.longestLineBytes + 4 }));
  const short = files.filter((f) => f.longestLineBytes <= CSV_LINE_LIMIT_BYTES).map((f) => f.path);
  if (short.length > 0) batches.push({ paths: short });
  const columns = table.columns.map((c) => `${quote(c.name)}: ${quote(columnSqlType(c, 'duckdb'))}`).join(', ');
  for (const { paths, lineBytes } of batches) {
    const size = lineBytes === undefined ? '' : `max_line_size = ${lineBytes}, `;
    // Quoted "" is an empty string, an unquoted empty field NULL, as the staging writer writes them.
    const sql =
      `INSERT INTO ${table.name} SELECT * FROM read_csv([${paths.map(quote).join(', ')}], header = false, ` +
      `auto_detect = false, delim = ',', quote = '"', escape = '"', nullstr = '', allow_quoted_nulls = false, ${size}` +
      `buffer_size = ${Math.max(CSV_BUFFER, 2 * (lineBytes ?? 0))}, columns = {${columns}})`;
    try {
      await conn.run(sql);
    } catch (err) {
      throw databaseError(briefError(err), label, `loading ${table.name} from ${paths.join(', ')}`);
    }
  }
}

/** A second writer's lock error ("Conflicting lock is held in … (PID n)"), said plainly. */
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

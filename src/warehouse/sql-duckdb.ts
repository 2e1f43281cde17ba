// `masg sql` on a DuckDB file: one statement, read chunk by chunk, or written by DuckDB itself
// into --out's temporary file.
// Without --write, DuckDB keeps the read-only promise: the file is opened READ_ONLY, external
// access is turned off (no file outside the database can be read or written, no extension
// installed or loaded from disk) with one exception, the file masg asked it to write, and the
// configuration is locked so that no statement can undo any of it. Extensions are never
// auto-installed nor auto-loaded, so a foreign file (SQLite…) is refused instead of fetching a
// reader from the internet.

import { stat } from 'node:fs/promises';
import { LocalIOError, UsageError } from '../core/errors.js';
import type { TextBatch } from '../output/types.js';
import { localIOError } from '../core/local-io.js';
import { columnType, openError } from './duckdb.js';
import { databaseError } from './sql-session.js';
import {
  failureOf,
  interruption,
  needsWrite,
  oneStatementOnly,
  parquetNeedsQuery,
  queryFailed,
  type CopyRequest,
  type QueryOptions,
  type QueryStream,
  type SqlOutcome,
} from './sql-stream.js';
import { trimMessage } from './brief-error.js';
import { textBatch, textColumns } from './sql-duckdb-text.js';
import { duckdbClient } from './duckdb-client.js';
import { prepareCopy, runCopy, sqlString } from './sql-duckdb-copy.js';

type Instance = Awaited<ReturnType<ReturnType<typeof duckdbClient>['DuckDBInstance']['create']>>;
type Connection = Awaited<ReturnType<Instance['connect']>>;

const NO_EXTENSIONS = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false', allow_persistent_secrets: 'false' };

// What DuckDB cannot refuse by itself. With external access off, DuckDB still allows every file
// of its own database (the file, its .wal, .wal.checkpoint and .wal.recovery): a read-only
// `COPY … TO 'w.duckdb' (USE_TMP_FILE false)` overwrites the warehouse. So COPY, EXPORT DATABASE
// and COPY FROM DATABASE are refused before they run; `--out FILE` is how a result reaches a file.
const FILE_WRITING_STATEMENTS = new Set([11, 16, 28]);
// INSTALL, LOAD, UPDATE EXTENSIONS and extension statements: with --write external access stays on
// (COPY FROM a file is a write the user asked for), so only this keeps code out of the process.
const EXTENSION_STATEMENTS = new Set([21, 23, 29]);
// SELECT, EXPLAIN, PRAGMA, CALL and relations: the statements whose rows are streamed.
const STREAMED_STATEMENTS = new Set([1, 4, 17, 19, 22]);
const SELECT_STATEMENT = 1;

export async function queryDuckDb(path: string, label: string, query: string, opts: QueryOptions): Promise<SqlOutcome> {
  await mustExist(path, label);
  const instance = await openInstance(path, label, opts);
  const conn = await instance.connect();
  let closed = false;
  const interrupt = () => conn.interrupt();
  opts.signal.addEventListener('abort', interrupt);
  const close = () => {
    if (closed) return Promise.resolve();
    closed = true;
    opts.signal.removeEventListener('abort', interrupt);
    conn.closeSync();
    instance.closeSync();
    return Promise.resolve();
  };
  const fail = (err: unknown) => failureOf(err, opts.signal, (e) => classify(e, label, opts.copy));
  try {
    // A signal that came while DuckDB opened found nothing to interrupt.
    const stopped = interruption(opts.signal);
    if (stopped) throw stopped;
    if (!opts.write) await lockDown(conn, opts.copy?.path);
    let prepared = await prepareOne(conn, query, opts, fail);
    const select = (prepared.statementType as number) === SELECT_STATEMENT;
    const copy = opts.copy && select ? await prepareCopy(conn, query, opts.copy.path, opts.copy) : undefined;
    if (copy) {
      prepared.destroySync();
      const rows = await runCopy(copy).catch((err: unknown) => {
        throw fail(err);
      });
      await close();
      return { kind: 'copied', rows };
    }
    if (opts.copy?.format === 'parquet') throw parquetNeedsQuery();
    const asText = opts.bytes && select ? await prepareAsText(conn, query) : undefined;
    if (asText) {
      prepared.destroySync();
      prepared = asText;
    }
    return { kind: 'rows', stream: await streamRows(conn, prepared, query, opts, fail, close, asText !== undefined) };
  } catch (err) {
    await close();
    throw fail(err);
  }
}

/**
 * The statement with every column cast to text by DuckDB (on its own threads, as its COPY does),
 * for csv and tsv through the writer; undefined when query() does not take it (PRAGMA version is
 * a SELECT to the parser but not to query()).
 */
async function prepareAsText(conn: Connection, query: string): Promise<Prepared | undefined> {
  return conn.prepare(asText(query)).catch(() => undefined);
}

/** The query with every column cast to VARCHAR by DuckDB (bench/sql.js streams it too). */
export const asText = (query: string): string => `SELECT COLUMNS(*)::VARCHAR FROM query(${sqlString(query)})`;

async function openInstance(path: string, label: string, opts: QueryOptions): Promise<Instance> {
  const { DuckDBInstance } = duckdbClient();
  const config = { ...NO_EXTENSIONS, ...opts.resources, ...(opts.write ? {} : { access_mode: 'READ_ONLY' }) };
  try {
    return await DuckDBInstance.create(path, config);
  } catch (err) {
    throw foreignFile(err, label) ?? openError(err, path, label);
  }
}

/**
 * Read-only by the engine: allowed_paths can only be given while external access is on (and not as
 * a start-up option), and turning it off adds the database's own files, hence this order.
 */
async function lockDown(conn: Connection, allowed: string | undefined): Promise<void> {
  if (allowed !== undefined) await conn.run(`SET allowed_paths = [${sqlString(allowed)}]`);
  await conn.run('SET enable_external_access = false');
  await conn.run('SET lock_configuration = true');
}

type Prepared = Awaited<ReturnType<Connection['prepare']>>;

async function prepareOne(conn: Connection, query: string, opts: QueryOptions, fail: (err: unknown) => unknown): Promise<Prepared> {
  const statements = await conn.extractStatements(query).catch((err: unknown) => {
    // The client's whole answer to a text without any statement (only comments or ";").
    throw err instanceof Error && err.message === 'Error in native callback' ? oneStatementOnly(0) : fail(err);
  });
  if (statements.count !== 1) throw oneStatementOnly(statements.count);
  const prepared = await statements.prepare(0);
  if (!opts.write && FILE_WRITING_STATEMENTS.has(prepared.statementType)) {
    throw needsWrite('COPY and EXPORT write files, and DuckDB lets them write the database itself.');
  }
  if (opts.write && EXTENSION_STATEMENTS.has(prepared.statementType)) {
    throw queryFailed('masg sql does not install or load DuckDB extensions.');
  }
  return prepared;
}

async function streamRows(
  conn: Connection,
  prepared: Prepared,
  query: string,
  opts: QueryOptions,
  fail: (err: unknown) => unknown,
  close: () => Promise<void>,
  bytes: boolean,
): Promise<QueryStream> {
  // A result that fails mid-way ends like a whole one (the same empty chunk), but it leaves
  // the transaction aborted: a probe after the last chunk tells the two apart.
  const guarded = STREAMED_STATEMENTS.has(prepared.statementType);
  if (guarded) await conn.run('BEGIN TRANSACTION');
  const result = await prepared.stream();
  const columns = result.columnNames().map((name, i) => ({ name, type: columnType(result.columnType(i).toString()) }));
  const fetch = () =>
    result.fetchChunk().catch((err: unknown) => {
      throw fail(err);
    });
  const first = await fetch();
  async function* batches() {
    let next: ReturnType<typeof fetch> | undefined;
    try {
      let chunk = first;
      let text: TextBatch | undefined;
      while (chunk && chunk.rowCount > 0) {
        // DuckDB reads the next chunk on its own threads while this one is converted.
        next = fetch();
        next.catch(() => undefined);
        yield bytes ? (text = textBatch(chunk, columns.length, text)) : textColumns(chunk, columns.length);
        chunk = await next;
      }
      if (guarded) await finish(conn, query, opts.write, fail);
    } finally {
      // Never close the connection under a read still running (the output stopped early).
      await next?.catch(() => undefined);
      await close();
    }
  }
  return { columns, batches: batches(), close };
}

async function finish(conn: Connection, query: string, write: boolean, fail: (err: unknown) => unknown): Promise<void> {
  try {
    await conn.run('SELECT 1');
  } catch {
    throw await lateFailure(conn, query, fail);
  }
  await conn.run(write ? 'COMMIT' : 'ROLLBACK');
}

/** Failed after its first rows: run once more, whole and rolled back, for DuckDB's message. */
async function lateFailure(conn: Connection, query: string, fail: (err: unknown) => unknown): Promise<unknown> {
  await conn.run('ROLLBACK').catch(() => undefined);
  try {
    await conn.run('BEGIN TRANSACTION');
    await conn.run(query);
  } catch (err) {
    return fail(err);
  } finally {
    await conn.run('ROLLBACK').catch(() => undefined);
  }
  return queryFailed('the statement failed while its rows were read (DuckDB did not say why).');
}

/** `masg sql` never creates a database: DuckDB would make an empty one at a mistyped path. */
async function mustExist(path: string, label: string): Promise<void> {
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => err);
  if (info instanceof Error) {
    if (info.code === 'ENOENT' || info.code === 'ENOTDIR') {
      throw new LocalIOError(`There is no warehouse at ${label}.`, {
        path,
        errno: 'ENOENT',
        hint: 'Run `masg sync` first, or point --db (or MASG_DB) at the database.',
      });
    }
    throw new LocalIOError(`Cannot open the warehouse ${label}: ${info.message}`, { path, errno: info.code, cause: info });
  }
  if (!info.isFile()) throw new LocalIOError(`Cannot open the warehouse ${label}: it is not a file.`, { path, errno: 'EISDIR' });
}

/** DuckDB asks for an extension (sqlite_scanner…) to read a file that is not its own. */
// DuckDB reports the system's error in words (strerror); masg's own words and advice need the errno.
const STRERROR: Record<string, string> = {
  'No space left on device': 'ENOSPC',
  'File too large': 'EFBIG',
  'Disk quota exceeded': 'EDQUOT',
  'Read-only file system': 'EROFS',
  'Permission denied': 'EACCES',
  'Input/output error': 'EIO',
};

function outFileError(message: string, target: string): LocalIOError {
  const code = Object.entries(STRERROR).find(([words]) => message.includes(words))?.[1];
  const cause = Object.assign(new Error(trimMessage(message)), { code, syscall: 'write' });
  return (
    localIOError(cause, target, 'write') ?? new LocalIOError(`Cannot write ${target}: ${trimMessage(message)}`, { path: target, cause })
  );
}

/** A file other than the warehouse, read or written without --write (exit 2). */
function outsideWarehouse(message: string): UsageError {
  return new UsageError(
    `The query reaches outside the warehouse, and masg sql without --write reads only the warehouse: ${trimMessage(message)}`,
    {
      field: '<query>',
      hint: 'Write a result to a file with --out FILE; --write lets the statement read and write other files.',
    },
  );
}

function foreignFile(err: unknown, label: string): LocalIOError | undefined {
  const message = err instanceof Error ? err.message : String(err);
  if (!/Extension .* not found|not a valid DuckDB database/i.test(message)) return undefined;
  return new LocalIOError(`Cannot open the warehouse ${label}: it is not a DuckDB database file.`, {
    path: label,
    cause: err,
    hint: 'masg sql reads the DuckDB file of masg sync, or a postgres:// URL.',
  });
}

/**
 * The database failing (I/O, memory, internal, interrupted) is exit 7; the statement's own errors
 * are exit 2; a write in read-only mode, or a file outside the database, points to --write.
 */
function classify(err: unknown, label: string, copy: CopyRequest | undefined): unknown {
  if (!(err instanceof Error) || 'exitCode' in err) return err;
  const message = err.message.replace(/^Failed to (extract statements|prepare statement|execute prepared statement): /i, '');
  // DuckDB writing --out's file failed (a full disk, a size limit): the file's failure, naming it.
  if (copy?.path !== undefined && copy.target !== undefined && /^IO Error/.test(message) && message.includes(copy.path)) {
    return outFileError(message, copy.target);
  }
  if (/disabled (by|through) configuration/i.test(message)) return outsideWarehouse(message);
  if (/attached in read-only mode|configuration has been locked|read-only mode/i.test(message)) return needsWrite(message);
  if (/^(IO|Out of Memory|FATAL|INTERNAL|Interrupt|Connection) Error/i.test(message) || !/^[A-Za-z ]+ Error: /.test(message)) {
    return databaseError(new Error(trimMessage(message)), label, 'running the query');
  }
  return queryFailed(message);
}

// `masg sql` on a DuckDB file: one statement, read chunk by chunk. Without --write the file is
// READ_ONLY with its configuration locked; extensions are never installed nor loaded, so a
// foreign file (SQLite…) is refused instead of fetching a reader from the internet.

import { stat } from 'node:fs/promises';
import { LocalIOError } from '../core/errors.js';
import { columnType, openError } from './duckdb.js';
import { databaseError } from './sql-session.js';
import { needsWrite, oneStatementOnly, queryFailed, type QueryOptions, type QueryStream } from './sql-stream.js';
import { trimMessage } from './brief-error.js';
import { textColumns } from './sql-duckdb-text.js';
import { duckdbClient } from './duckdb-client.js';
import { csvChunk, type CsvColumn } from './sql-duckdb-csv.js';
import { collectYoungGarbage } from './heap.js';

const NO_EXTENSIONS = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };

// INSTALL, LOAD, UPDATE EXTENSIONS and extension statements (DuckDB's StatementType numbers):
// loading code into the process is not what a query of the warehouse is for, with --write or not.
const EXTENSION_STATEMENTS = new Set([21, 23, 29]);
// SELECT, EXPLAIN, PRAGMA, CALL and relations: the statements whose rows are streamed.
const STREAMED_STATEMENTS = new Set([1, 4, 17, 19, 22]);
// A stream's garbage is all short-lived, and V8 leaves much of it uncollected: the binding's copy
// of every vector and each chunk's CSV lie outside the heap (collected after 64 MB of them), and
// Node 22+ lets the young generation grow to 3 × 32 MB. 2,000,000 rows peaked at 235–252 MB on
// Node 24 and 26 (csv, ndjson); a young collection every 8,192 rows bounds both (bench/sql.js).
const COLLECT_EVERY_ROWS = 8_192;

export async function streamDuckDb(path: string, label: string, query: string, opts: QueryOptions): Promise<QueryStream> {
  await mustExist(path, label);
  const { DuckDBInstance } = duckdbClient();
  const config = opts.write ? NO_EXTENSIONS : { ...NO_EXTENSIONS, access_mode: 'READ_ONLY', lock_configuration: 'true' };
  let instance: Awaited<ReturnType<typeof DuckDBInstance.create>>;
  try {
    instance = await DuckDBInstance.create(path, config);
  } catch (err) {
    throw foreignFile(err, label) ?? openError(err, path, label);
  }
  const conn = await instance.connect();
  let closed = false;
  const close = () => {
    if (!closed) {
      closed = true;
      conn.closeSync();
      instance.closeSync();
    }
    return Promise.resolve();
  };
  return { close, ...(await run()) };

  async function run(): Promise<Omit<QueryStream, 'close'>> {
    try {
      const statements = await conn.extractStatements(query).catch((err: unknown) => {
        // The client's whole answer to a text without any statement (only comments or ";").
        throw err instanceof Error && err.message === 'Error in native callback' ? oneStatementOnly(0) : classify(err, label);
      });
      if (statements.count !== 1) throw oneStatementOnly(statements.count);
      const prepared = await statements.prepare(0);
      if (EXTENSION_STATEMENTS.has(prepared.statementType)) {
        throw queryFailed('masg sql does not install or load DuckDB extensions.');
      }
      // A result that fails mid-way ends like a whole one (the same empty chunk), but it leaves
      // the transaction aborted: a probe after the last chunk tells the two apart.
      const guarded = STREAMED_STATEMENTS.has(prepared.statementType);
      if (guarded) await conn.run('BEGIN TRANSACTION');
      const result = await prepared.stream();
      const columns = result.columnNames().map((name, i) => ({ name, type: columnType(result.columnType(i).toString()) }));
      const fetch = () =>
        result.fetchChunk().catch((err: unknown) => {
          throw classify(err, label);
        });
      const csvColumns = columns.map((_, i) => csvColumn(result.columnType(i)));
      const first = await fetch();
      async function* chunks<T>(convert: (chunk: NonNullable<Awaited<ReturnType<typeof fetch>>>) => T) {
        let next: ReturnType<typeof fetch> | undefined;
        let rows = 0;
        try {
          let chunk = first;
          while (chunk && chunk.rowCount > 0) {
            // DuckDB reads the next chunk on its own threads while this one is converted.
            next = fetch();
            next.catch(() => undefined);
            yield convert(chunk);
            if ((rows += chunk.rowCount) >= COLLECT_EVERY_ROWS) {
              collectYoungGarbage();
              rows = 0;
            }
            chunk = await next;
          }
          if (guarded) await finish();
        } finally {
          // Never close the connection under a read still running (the output stopped early).
          await next?.catch(() => undefined);
          await close();
        }
      }
      return {
        columns,
        batches: chunks((chunk) => textColumns(chunk, columns.length)),
        csv: chunks((chunk) => ({ rows: chunk.rowCount, bytes: csvChunk(chunk, csvColumns) })),
      };
    } catch (err) {
      await close();
      throw classify(err, label);
    }
  }

  async function finish(): Promise<void> {
    try {
      await conn.run('SELECT 1');
    } catch {
      throw await lateFailure();
    }
    await conn.run(opts.write ? 'COMMIT' : 'ROLLBACK');
  }

  /** Failed after its first rows: run once more, whole and rolled back, for DuckDB's message. */
  async function lateFailure(): Promise<unknown> {
    await conn.run('ROLLBACK').catch(() => undefined);
    try {
      await conn.run('BEGIN TRANSACTION');
      await conn.run(query);
    } catch (err) {
      return classify(err, label);
    } finally {
      await conn.run('ROLLBACK').catch(() => undefined);
    }
    return queryFailed('the statement failed while its rows were read (DuckDB did not say why).');
  }
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
 * are exit 2; a write in read-only mode points to --write.
 */
function classify(err: unknown, label: string): unknown {
  if (!(err instanceof Error) || 'exitCode' in err) return err;
  const message = err.message.replace(/^Failed to (extract statements|prepare statement|execute prepared statement): /i, '');
  if (/attached in read-only mode|configuration has been locked|read-only mode/i.test(message)) return needsWrite(message);
  if (/^(IO|Out of Memory|FATAL|INTERNAL|Interrupt|Connection) Error/i.test(message) || !/^[A-Za-z ]+ Error: /.test(message)) {
    return databaseError(new Error(trimMessage(message)), label, 'running the query');
  }
  return queryFailed(message);
}

function csvColumn(type: { typeId: number; width?: number; scale?: number }): CsvColumn {
  return { typeId: type.typeId, width: type.width, scale: type.scale };
}

// `masg sql` on PostgreSQL: one statement through a cursor, a batch at a time, or csv/tsv written
// by the server itself (`COPY (…) TO STDOUT`). Read-only without --write whatever the text: the
// role is first asked what it can do beside a transaction (sql-pg-role.ts), then the statement
// runs inside `BEGIN READ ONLY` after a first query took the snapshot (its mode can no longer
// change), through the extended protocol (one statement only, so no "COMMIT; DELETE …"), and the
// session ends with ROLLBACK. Ctrl-C and SIGTERM cancel the statement on the server.

import type { Client, QueryConfig } from 'pg';
import { connectPostgres } from './pg-connect.js';
import { trimMessage } from './brief-error.js';
import type { ColumnType } from '../output/types.js';
import { forward } from './sql-forward.js';
import { escapeTsv } from '../output/format/csv.js';
import { databaseError } from './sql-session.js';
import { cancelBackend, roleReach, roleRefused } from './sql-pg-role.js';
import {
  failureOf,
  interruption,
  needsWrite,
  queryFailed,
  type CopyRequest,
  type QueryBatch,
  type QueryOptions,
  type QueryStream,
  type SqlOutcome,
} from './sql-stream.js';

const RAW_TEXT = { getTypeParser: () => (value: string) => value };
const BATCH_ROWS = 2000;
const BOOLEAN = 16;

type Field = { name: string; dataTypeID: number };
type Batch = { rows: Array<Array<string | null>>; fields?: Field[] };

export async function queryPostgres(url: string, label: string, query: string, opts: QueryOptions): Promise<SqlOutcome> {
  const connect = async () => (await connectPostgres(url, label, 'masg sql')).client;
  const connection = await connectPostgres(url, label, 'masg sql');
  const { client } = connection;
  let closed = false;
  let cancelling: Promise<void> | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    opts.signal.removeEventListener('abort', cancel);
    await cancelling;
    if (!opts.write) await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  };
  let pid: number | undefined;
  function cancel() {
    if (pid !== undefined) cancelling ??= cancelBackend(connect, pid).catch(() => undefined);
  }
  const fail = (err: unknown) => failureOf(err, opts.signal, (e) => classify(e, label, connection.lost()));
  try {
    const reach = await roleReach(client);
    if (!opts.write && reach.doors.length > 0) throw roleRefused(label, (client as { user?: string }).user, reach.doors);
    pid = reach.pid;
    opts.signal.addEventListener('abort', cancel);
    const stopped = interruption(opts.signal);
    if (stopped) throw stopped;
    if (!opts.write) {
      await client.query('BEGIN TRANSACTION READ ONLY');
      // Takes the transaction's snapshot: from now on its read-only mode cannot be changed.
      await client.query('SELECT 1');
    }
    const fields = opts.copy && opts.copy.format !== 'parquet' ? await copyable(client, query, opts.write) : undefined;
    if (opts.copy && fields) {
      const rows = await copyOut(client, query, opts.copy, fields);
      await close();
      return { kind: 'copied', rows };
    }
    return { kind: 'rows', stream: await streamRows(client, query, fail, close, () => connection.lost()) };
  } catch (err) {
    const failure = fail(err);
    await close();
    throw failure;
  }
}

/** The statement without the semicolons and spaces that end it, to be wrapped in a query. */
function bare(query: string): string {
  return query.replace(/[\s;]+$/, '');
}

/**
 * The columns, when the server can write the rows itself: the statement is a query (it wraps as a
 * subquery), and its columns' names are distinct where one is a boolean (selectFor names them). Asked through
 * the extended protocol, which takes one statement only: so the COPY's text, the same statement
 * in the same brackets, holds one statement too. A refusal changes nothing (a savepoint keeps the
 * transaction usable).
 */
async function copyable(client: Client, query: string, write: boolean): Promise<Field[] | undefined> {
  if (!write) await client.query('SAVEPOINT masg_probe');
  try {
    // queryMode is pg's documented option, missing from @types/pg.
    const config = { text: `SELECT * FROM (${bare(query)}\n) AS masg_probe LIMIT 0`, queryMode: 'extended' } as QueryConfig;
    const probe = await client.query(config);
    if (!write) await client.query('RELEASE SAVEPOINT masg_probe');
    const names = new Set(probe.fields.map((f) => f.name));
    // A boolean is spelled out by name below; two columns of one name cannot be told apart.
    return probe.fields.some((f) => f.dataTypeID === BOOLEAN) && names.size < probe.fields.length ? undefined : probe.fields;
  } catch {
    if (!write) await client.query('ROLLBACK TO SAVEPOINT masg_probe');
    return undefined;
  }
}

/**
 * csv is PostgreSQL's CSV; masg's tsv is its text format with NULL empty. The text format's
 * HEADER needs PostgreSQL 15, so that header is written here, escaped as the rows are.
 */
async function copyOut(client: Client, query: string, copy: CopyRequest, fields: Field[]): Promise<number> {
  const { to } = await import('pg-copy-streams');
  const options = copy.format === 'tsv' ? "FORMAT text, NULL ''" : `FORMAT csv, HEADER ${copy.header}`;
  const source = client.query(to(`COPY (${selectFor(fields)} FROM (${bare(query)}\n) AS masg_probe) TO STDOUT (${options})`));
  const header = copy.format === 'tsv' && copy.header ? `${fields.map((f) => escapeTsv(f.name)).join('\t')}\n` : '';
  try {
    await forward(source as AsyncIterable<Buffer>, copy, { first: header });
  } catch (err) {
    source.destroy();
    throw err;
  }
  return source.rowCount;
}

async function streamRows(
  client: Client,
  query: string,
  fail: (err: unknown) => unknown,
  close: () => Promise<void>,
  lost: () => Error | undefined,
): Promise<QueryStream> {
  const { default: Cursor } = await import('pg-cursor');
  // `COPY … TO STDOUT` answers with copy data, for which a cursor has no handler: pg would throw in
  // its socket handler and end the process. Taken here (pg's submittable hooks), it is refused.
  class RowsCursor extends Cursor<Array<string | null>> {
    copied = false;
    handleCopyData(): void {
      this.copied = true;
    }
    handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
      this.copied = true;
      connection.sendCopyFail('masg sql sends no data to COPY … FROM STDIN');
    }
  }
  const cursor = client.query(new RowsCursor(query, undefined, { rowMode: 'array', types: RAW_TEXT }));
  const read = () =>
    new Promise<Batch>((resolve, reject) => {
      cursor.read(BATCH_ROWS, (err, rows, result) => {
        if (cursor.copied)
          reject(queryFailed('COPY … TO STDOUT or FROM STDIN is not a query masg sql can read rows from: write it as a SELECT.'));
        else if (err) reject(fail(err));
        else if (lost()) reject(fail(lost()));
        else resolve({ rows, fields: (result as { fields?: Field[] } | undefined)?.fields });
      });
    });
  const first = await read();
  const fields = first.fields ?? [];
  const booleans = fields.map((f) => f.dataTypeID === BOOLEAN);
  // PostgreSQL's text for a boolean is t/f; the output module's is true/false.
  const text = (rows: Batch['rows']): QueryBatch => ({
    rows: rows.length,
    columns: fields.map((_, c) => rows.map((r) => (booleans[c] && r[c] !== null ? (r[c] === 't' ? 'true' : 'false') : r[c]))),
  });
  async function* batches() {
    try {
      let batch = first;
      while (batch.rows.length > 0) {
        yield text(batch.rows);
        batch = await read();
      }
    } finally {
      await close();
    }
  }
  return { columns: fields.map((f) => ({ name: f.name, type: pgColumnType(f.dataTypeID) })), batches: batches(), close };
}

/** The columns as masg writes them: PostgreSQL's t/f for a boolean becomes true/false. */
function selectFor(fields: Field[]): string {
  if (!fields.some((f) => f.dataTypeID === BOOLEAN)) return 'SELECT *';
  const columns = fields.map((f) => {
    const name = `"${f.name.replace(/"/g, '""')}"`;
    return f.dataTypeID === BOOLEAN ? `CASE WHEN ${name} THEN 'true' WHEN NOT ${name} THEN 'false' END AS ${name}` : name;
  });
  return `SELECT ${columns.join(', ')}`;
}

/**
 * By SQLSTATE class: the server or connection failing (08, 53, 57, 58, XX, or no SQLSTATE) is exit 7;
 * a write in the read-only transaction (25006, 25001) points to --write; the rest is exit 2.
 */
function classify(err: unknown, label: string, lost?: Error): unknown {
  if (!(err instanceof Error) || 'exitCode' in err) return err;
  // The server's errors carry a severity; socket errors only an errno (EPIPE is five letters too).
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  const sqlstate = typeof severity === 'string' && typeof code === 'string' ? code : undefined;
  if (sqlstate === undefined || /^(08|53|57|58|XX|F0)/.test(sqlstate)) {
    // The SQLSTATE stays as errno: 57014 is a statement the server cancelled (its statement_timeout).
    return databaseError(
      Object.assign(new Error(trimMessage((lost ?? err).message)), { code: lost ? undefined : sqlstate }),
      label,
      'running the query',
    );
  }
  if (sqlstate === '25006' || sqlstate === '25001') return needsWrite(err.message);
  if (sqlstate === '42601' && /multiple commands/.test(err.message)) {
    return queryFailed('the query holds several statements; masg sql runs one at a time.');
  }
  return queryFailed(err.message);
}

/** PostgreSQL type OIDs → output column types (int2/4/8, oid; numeric, float4/8; bool). */
function pgColumnType(oid: number): ColumnType {
  if (oid === 20 || oid === 21 || oid === 23 || oid === 26) return 'int';
  if (oid === 1700 || oid === 700 || oid === 701) return 'decimal';
  if (oid === BOOLEAN) return 'bool';
  return 'string';
}

// `masg sql` on PostgreSQL: one statement through a cursor, a batch at a time, every format
// written by masg's output writer. Read-only without --write whatever the text: the
// role is first asked what it can do beside a transaction (sql-pg-role.ts), then the statement
// runs inside `BEGIN READ ONLY` after a first query took the snapshot (its mode can no longer
// change), through the extended protocol (one statement only, so no "COMMIT; DELETE …"), and the
// session ends, which rolls it back. Ctrl-C and SIGTERM cancel the statement on the server.

import type { Client } from 'pg';
import { connectPostgres } from './pg-connect.js';
import { trimMessage } from './brief-error.js';
import type { ColumnType } from '../output/types.js';
import { databaseError } from './sql-session.js';
import { textBatchOf } from '../output/format/text-bytes.js';
import { cancelBackend, roleReach, roleRefused } from './sql-pg-role.js';
import {
  failureOf,
  interruption,
  needsWrite,
  queryFailed,
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
    // Ending the session rolls the read-only transaction back. A ROLLBACK would wait behind a
    // cursor left open when the output failed (a full disk), and never be sent.
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
    return { kind: 'rows', stream: await streamRows(client, query, fail, close, () => connection.lost(), opts.bytes === true) };
  } catch (err) {
    const failure = fail(err);
    await close();
    throw failure;
  }
}

async function streamRows(
  client: Client,
  query: string,
  fail: (err: unknown) => unknown,
  close: () => Promise<void>,
  lost: () => Error | undefined,
  bytes: boolean,
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
        const values = text(batch.rows);
        // csv and tsv tell NULL from an empty string, as PostgreSQL's COPY does: through bytes.
        yield bytes ? textBatchOf(values.rows, values.columns) : values;
        batch = await read();
      }
    } finally {
      await close();
    }
  }
  return { columns: fields.map((f) => ({ name: f.name, type: pgColumnType(f.dataTypeID) })), batches: batches(), close };
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

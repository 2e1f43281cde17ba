// DuckDB writes `masg sql`'s csv, tsv and parquet itself: COPY of the statement, wrapped in
// DuckDB's query() (which takes one SELECT and nothing else), into the one file masg allowed it.
// To stdout, that file is a named pipe whose reading end masg forwards under backpressure: a
// full pipe stops DuckDB's writer, and a reader that went away fails it (EPIPE).

import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { forward } from './sql-forward.js';
import type { CopyRequest } from './sql-stream.js';

type Statement = { runAndReadAll(): Promise<{ getRows(): unknown[][] }>; destroySync(): void };
type Connection = { prepare(sql: string): Promise<Statement> };

/** A single-quoted SQL string. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

// masg's TSV is PostgreSQL's text format: backslash, tab, newline and CR escaped, nothing quoted,
// NULL empty. DuckDB's CSV writer quotes instead, so every column is escaped as text first.
const TSV_ESCAPED = "replace(replace(replace(replace(COLUMNS(*)::VARCHAR, '\\', '\\\\'), chr(9), '\\t'), chr(10), '\\n'), chr(13), '\\r')";

function copyStatement(query: string, path: string, copy: CopyRequest): string {
  const rows = `query(${sqlString(query)})`;
  // USE_TMP_FILE false: DuckDB's own temporary name beside the file is not one masg allowed.
  const options =
    copy.format === 'parquet'
      ? 'FORMAT parquet'
      : copy.format === 'tsv'
        ? `FORMAT csv, DELIMITER E'\\t', QUOTE '', ESCAPE '', HEADER ${copy.header}`
        : `FORMAT csv, HEADER ${copy.header}`;
  const select = copy.format === 'tsv' ? `SELECT ${TSV_ESCAPED} FROM ${rows}` : `FROM ${rows}`;
  return `COPY (${select}) TO ${sqlString(path)} (${options}, USE_TMP_FILE false)`;
}

/**
 * COPY of the statement into `path`, prepared: undefined when DuckDB's query() does not take it
 * (PRAGMA version is a SELECT to the parser but not to query()): its rows then take the JS path.
 */
export async function prepareCopy(conn: Connection, query: string, path: string, copy: CopyRequest): Promise<Statement | undefined> {
  return conn.prepare(copyStatement(query, path, copy)).catch(() => undefined);
}

/** Runs a prepared COPY; resolves with the count of rows written. */
export async function runCopy(statement: Statement): Promise<number> {
  try {
    const result = await statement.runAndReadAll();
    return Number(result.getRows()[0]?.[0] ?? 0);
  } finally {
    statement.destroySync();
  }
}

export interface Pipe {
  path: string;
  remove(): Promise<void>;
}

/** A named pipe in a private folder, or undefined where the system makes none (then rows take the JS path). */
export async function makePipe(): Promise<Pipe | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'masg-sql-'));
  const path = join(dir, 'rows');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await promisify(execFile)('mkfifo', ['-m', '600', path]);
    return { path, remove };
  } catch {
    await remove();
    return undefined;
  }
}

/** The prepared COPY into the pipe while its bytes are forwarded to `copy.stream`; the output's failure wins. */
export async function copyThroughPipe(statement: Statement, pipe: Pipe, copy: CopyRequest, signal: AbortSignal): Promise<number> {
  // Both ends open without blocking; our own writing end keeps the reader from seeing an end of
  // file before DuckDB opened the pipe, and is closed once COPY is over.
  const readFd = openSync(pipe.path, constants.O_RDONLY | constants.O_NONBLOCK);
  const holdFd = openSync(pipe.path, constants.O_WRONLY | constants.O_NONBLOCK);
  const reader = new Socket({ fd: readFd, readable: true, writable: false });
  let failed: unknown;
  let succeeded = false;
  const forwarding = forward(reader as AsyncIterable<Buffer>, copy, { succeeded: () => succeeded }).catch((err: unknown) => {
    failed = err;
    reader.destroy();
  });
  // An interrupt is seen between chunks; a writer blocked on a full pipe is woken by EPIPE instead.
  const stop = () => reader.destroy();
  signal.addEventListener('abort', stop);
  let rows: number;
  try {
    rows = await runCopy(statement);
    succeeded = true;
  } catch (err) {
    throw failed ?? err;
  } finally {
    signal.removeEventListener('abort', stop);
    closeSync(holdFd);
    await forwarding;
  }
  if (failed !== undefined) throw failed;
  return rows;
}

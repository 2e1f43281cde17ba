// DuckDB writes `masg sql`'s csv, tsv and parquet itself: COPY of the statement, wrapped in
// DuckDB's query() (which takes one SELECT and nothing else), into the one file masg allowed it.
// To stdout, that file is a named pipe whose reading end masg forwards under backpressure: a
// full pipe stops DuckDB's writer, and a reader that went away fails it (EPIPE).

import { execFile } from 'node:child_process';
import { closeSync, constants, openSync, read as readCallback, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { forward } from './sql-forward.js';
import type { CopyRequest } from './sql-stream.js';

const read = promisify(readCallback);

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
  // Our own writing end, open while COPY runs, keeps the reader from seeing an end of file before
  // DuckDB opened the pipe; opening the reading end first without blocking lets it open at all.
  const probe = openSync(pipe.path, constants.O_RDONLY | constants.O_NONBLOCK);
  const holdFd = openSync(pipe.path, constants.O_WRONLY | constants.O_NONBLOCK);
  const reader = pipeReader(openSync(pipe.path, constants.O_RDONLY), holdFd, copy.stream);
  closeSync(probe);
  let failed: Error | undefined;
  let succeeded = false;
  const forwarding = forward(reader.chunks, copy, { succeeded: () => succeeded }).catch((err: unknown) => {
    failed = err instanceof Error ? err : new Error(String(err));
  });
  // DuckDB sees an interrupt between chunks; a writer blocked on a full pipe is woken by EPIPE.
  const stop = () => reader.stop();
  signal.addEventListener('abort', stop);
  let rows: number;
  try {
    rows = await runCopy(statement);
    succeeded = true;
  } catch (err) {
    // DuckDB may keep its end open after a failure: the read waiting on it is woken and let go.
    reader.stop();
    throw failed ?? err;
  } finally {
    signal.removeEventListener('abort', stop);
    // Once stopped, the read in flight returns before our end closes (it would else see only EOF).
    if (!succeeded) await reader.stopped();
    closeSync(holdFd);
    await forwarding;
  }
  if (failed !== undefined) throw failed;
  return rows;
}

const CHUNK_BYTES = 256 * 1024;

/**
 * The pipe read with blocking reads (on libuv's threads) into one buffer, reused while the output
 * (stdout) keeps nothing of it: fresh buffers per read (a socket's) are memory outside the heap that V8
 * collects late, about 50 MB more at the peak for 2,000,000 rows. `close()` waits for a read in flight.
 */
function pipeReader(
  fd: number,
  holdFd: number,
  out: { writableLength?: number; fd?: unknown },
): { chunks: AsyncIterable<Buffer>; stop(): void; stopped(): Promise<void> } {
  // Only a stream that writes to a file descriptor is known to keep nothing once it holds nothing.
  const reuse = () => typeof out.fd === 'number' && out.writableLength === 0;
  let open = true;
  let reading: Promise<{ bytesRead: number }> | undefined;
  const release = () => {
    if (fd >= 0 && !reading) closeSync(fd);
    if (!reading) fd = -1;
  };
  async function* chunks(): AsyncIterable<Buffer> {
    let buf = Buffer.allocUnsafe(CHUNK_BYTES);
    try {
      while (open) {
        reading = read(fd, buf, 0, CHUNK_BYTES, null);
        const { bytesRead } = await reading.finally(() => (reading = undefined));
        if (bytesRead === 0 || !open) return;
        yield buf.subarray(0, bytesRead);
        if (!reuse()) buf = Buffer.allocUnsafe(CHUNK_BYTES);
      }
    } finally {
      open = false;
      release();
    }
  }
  return {
    chunks: chunks(),
    stop() {
      open = false;
      if (!reading) return release();
      // A read in flight returns once a byte arrives: our own end sends one, which is dropped.
      try {
        writeSync(holdFd, '\n');
      } catch {
        // the pipe is full: the read returns with DuckDB's bytes instead
      }
    },
    stopped: async () => void (await reading?.catch(() => undefined)),
  };
}

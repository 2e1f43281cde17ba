// Staging files: each request's rows go to a headerless CSV file as they are parsed, and a day is
// loaded from its files in one transaction. Text is always quoted ("" is an empty string), an
// unquoted empty field is NULL, numbers are written as the service sent them (checked).

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { LocalIOError } from '../core/errors.js';
import { checkFigure, refusedFigure, type FigureContext } from '../stats/figure-text.js';
import { ALL_STATS_TABLES, type ColumnKind, type TableDef } from './schema.js';
import { CSV_LINE_LIMIT_BYTES, type StagedFile } from './sql-session.js';

const PREFIX = 'masg-sync-';

export class StagingDir {
  readonly path: string;
  private n = 0;

  constructor(tmp: string) {
    removeStale(tmp);
    try {
      this.path = mkdtempSync(join(tmp, `${PREFIX}${process.pid}-`));
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new LocalIOError(`Cannot create a staging folder in ${tmp}: ${e.message}`, { path: tmp, errno: e.code, cause: err });
    }
  }

  file(name: string): StagingFile {
    return new StagingFile(join(this.path, `${String(++this.n).padStart(6, '0')}-${name}.csv`));
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/** Staging folders of syncs that were killed (their process is gone) are garbage. */
function removeStale(tmp: string): void {
  let names: string[];
  try {
    names = readdirSync(tmp);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^masg-sync-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    rmSync(join(tmp, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lines wait in memory until this many characters: fewer survive each young-generation collection. */
const WATERMARK = 64 * 1024;
/**
 * Bytes a file's stream may hold before add() waits: four writes ahead, so the parser goes on while
 * the disk takes the last one. At the stream's default (16 KB) every 64 KB write waited for its
 * syscall, and the main thread sat idle ~10 % of a day's fetch. Several accounts at once keep up
 * to four files open each (two days, a report's part and the campaigns'): a slow disk costs each
 * file this much memory at most.
 */
const WRITE_AHEAD = 256 * 1024;

/** Lines longer than this (in UTF-16 units) may pass 2 MB in UTF-8: their bytes are counted. */
const MEASURED_FROM = Math.floor(CSV_LINE_LIMIT_BYTES / 3);

/** One staging file. A failed write is thrown by the next add() or close() (exit 7), never swallowed. */
export class StagingFile implements StagedFile {
  rows = 0;
  /**
   * The longest line's size in UTF-8 bytes, at most: DuckDB's CSV reader cannot take a line over
   * 2 MB (duckdb.ts decides). A line of n UTF-16 units is at most 3n bytes; only a line that could
   * pass the reader's limit is measured exactly, so a 3 MB name asks the reader for 3 MB, not 12.
   */
  longestLineBytes = 0;
  private stream: WriteStream | undefined;
  /** Lines kept flat and joined once per write: a growing `+=` string is a tree of thousands of
   * small objects that every young-generation collection copies while it waits. */
  private lines: string[] = [];
  private buffered = 0;
  private failure: LocalIOError | undefined;

  constructor(readonly path: string) {}

  /** Adds one line; resolves at once unless enough is buffered to write (back-pressure). */
  add(line: string): Promise<void> | void {
    this.lines.push(line);
    this.buffered += line.length;
    this.rows++;
    const bytes = line.length > MEASURED_FROM ? Buffer.byteLength(line) : 3 * line.length;
    if (bytes > this.longestLineBytes) this.longestLineBytes = bytes;
    if (this.buffered >= WATERMARK) return this.flush();
  }

  private async flush(): Promise<void> {
    const stream = (this.stream ??= this.open());
    this.throwIfFailed();
    const text = this.take();
    // once() rejects on 'error': a disk that fills up while we wait for 'drain' ends the wait.
    if (!stream.write(text)) await once(stream, 'drain').catch(() => undefined);
    this.throwIfFailed();
  }

  private take(): string {
    const text = this.lines.join('');
    this.lines = [];
    this.buffered = 0;
    return text;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  private open(): WriteStream {
    // Business data: readable by its owner only (the folder is 0700 already).
    const stream = createWriteStream(this.path, { mode: 0o600, highWaterMark: WRITE_AHEAD });
    stream.on('error', (err) => (this.failure ??= this.localError(err)));
    return stream;
  }

  /** Writes what is left and waits until it is on disk; throws what any write met. */
  async close(): Promise<void> {
    const stream = (this.stream ??= this.open());
    this.throwIfFailed();
    stream.end(this.take());
    try {
      await finished(stream);
    } catch (err) {
      this.failure ??= this.localError(err as Error);
    }
    this.throwIfFailed();
  }

  /** An attempt that did not end whole: its file goes, and nothing it wrote is loaded. */
  async discard(): Promise<void> {
    this.lines = [];
    this.buffered = 0;
    if (this.stream) {
      this.stream.destroy();
      await finished(this.stream).catch(() => undefined);
    }
    rmSync(this.path, { force: true });
  }

  private localError(err: Error): LocalIOError {
    const e = err as NodeJS.ErrnoException;
    return new LocalIOError(`Cannot write the staging file ${this.path}: ${e.message}`, { path: this.path, errno: e.code, cause: err });
  }
}

// Values: checked as they are written, so a database never rounds or guesses; the check is the
// pulse's too (src/stats/figure-text.ts).
const STORE = 'the warehouse keeps exact values and cannot store it';

/** Where a value comes from, for the error message; a function when building it costs. */
type Context = FigureContext;

export function csvValue(kind: ColumnKind, value: string | undefined, name: string, context: Context): string {
  if (value === undefined || value === '') return kind === 'text' ? '""' : '';
  switch (kind) {
    case 'text':
      // Most values hold no quote: the test is cheaper than a replace that finds nothing.
      return value.includes('"') ? `"${value.replace(/"/g, '""')}"` : `"${value}"`;
    case 'count':
    case 'hour':
      return checkFigure('count', value, name, context, STORE);
    case 'money':
      return checkFigure('money', value, name, context, STORE);
    case 'bool':
      if (value !== 'true' && value !== 'false') throw refusedFigure('true or false', name, value, context, STORE);
      return value;
    default:
      return value; // date, timestamp: written by masg itself
  }
}

const STATISTICS = new Set<TableDef>(ALL_STATS_TABLES);

/** One CSV line for `table` from a record whose keys are the column names. */
export function csvLine(table: TableDef, record: Readonly<Record<string, string | undefined>>, context: Context): string {
  return csvLineWriter(table)(record, context);
}

/**
 * A line writer for one request's rows: `fixed` columns rendered once, `defaults` for empty fields;
 * the error's context is only built when a value is refused (a day's report is 200,000 records).
 */
export function csvLineWriter(
  table: TableDef,
  fixed: Readonly<Record<string, string | undefined>> = {},
  defaults: Readonly<Record<string, string>> = {},
): (record: Readonly<Record<string, string | undefined>>, context: Context) => string {
  const stats = STATISTICS.has(table);
  const columns = table.columns.map((c) => ({
    // A statistics figure the service leaves empty is refused: stored as NULL, a sum would read it as 0.
    required: stats && (c.kind === 'count' || c.kind === 'money'),
    kind: c.kind,
    name: c.name,
    key: c.source ?? c.name,
    fixed: c.name in fixed ? csvValue(c.kind, fixed[c.name], c.name, `the ${c.name} of the request`) : undefined,
    fallback: defaults[c.name],
  }));
  const values: string[] = new Array<string>(columns.length);
  const last = columns.length - 1;
  return (record, context) => {
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i];
      if (c.fixed !== undefined) values[i] = c.fixed;
      else {
        const raw = record[c.key];
        if (c.required && !raw && c.fallback === undefined)
          throw refusedFigure(c.kind === 'money' ? 'money' : 'count', c.name, raw ?? '', context, STORE);
        values[i] = csvValue(c.kind, c.fallback !== undefined && !raw ? c.fallback : raw, c.name, context);
      }
    }
    values[last] += '\n';
    // join() gives one flat string; `+=` would give a tree of small strings (see StagingFile).
    return values.join(',');
  };
}

// DuckDB writes `masg sql --out`'s csv, tsv and parquet itself: COPY of the statement, wrapped in
// DuckDB's query() (which takes one SELECT and nothing else), into --out's temporary file, the one
// file masg allows it. stdout is never DuckDB's: its rows go through the output writer.

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

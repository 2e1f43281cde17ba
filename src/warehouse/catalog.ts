// Which tables our unquoted names reach, as the engine resolves them: DuckDB compares identifiers
// without case ("Advertisers" is advertisers) in every schema of its search path; PostgreSQL folds
// an unquoted name to lower case ("Advertisers", quoted, is another table) and takes the first
// schema of the search path that has it. Asked of the engine, never compared in JavaScript.

import type { SqlSession } from './sql-session.js';

/** For each of `names` (masg's, lower case) that reaches an existing table or view: its name as created (PostgreSQL: with its schema). */
export async function tablesReached(session: SqlSession, names: readonly string[]): Promise<Map<string, string>> {
  const list = names.map((_, i) => `$${i + 1}`).join(', ');
  const sql = session.dialect === 'postgres' ? postgresQuery(list) : duckdbQuery(list);
  const r = await session.query(sql, [...names]);
  const reached = new Map<string, string>();
  for (const [ours, theirs] of r.rows) if (ours !== null && theirs !== null && !reached.has(ours)) reached.set(ours, theirs);
  return reached;
}

// to_regclass resolves a name exactly as a statement would: folded unless quoted, along the search
// path (pg_temp first); it answers NULL where nothing is found.
const postgresQuery = (list: string) =>
  `SELECT t.n, ns.nspname || '.' || c.relname FROM unnest(ARRAY[${list}]::text[]) AS t(n) ` +
  `JOIN pg_class c ON c.oid = to_regclass(t.n) JOIN pg_namespace ns ON ns.oid = c.relnamespace`;

// DuckDB's catalog compares names with its NOCASE collation; the search path is current_schemas().
const duckdbQuery = (list: string) =>
  `WITH wanted(n) AS (SELECT unnest([${list}])), ` +
  `objects AS (SELECT database_name, schema_name, table_name AS name FROM duckdb_tables() ` +
  `UNION ALL SELECT database_name, schema_name, view_name FROM duckdb_views() WHERE NOT internal) ` +
  `SELECT wanted.n, objects.name FROM wanted JOIN objects ON objects.name COLLATE NOCASE = wanted.n ` +
  `WHERE objects.database_name = current_database() AND list_contains(current_schemas(true), objects.schema_name) ` +
  `ORDER BY objects.name`;

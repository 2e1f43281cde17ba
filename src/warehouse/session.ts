// Opens the session a target names: DuckDB or PostgreSQL, each loaded only when used. The
// interface both implement is in sql-session.ts, which the two drivers import; keeping it apart
// from this opener is what keeps driver → interface → driver from being an import cycle.

export { databaseError, type QueryResult, type SqlSession, type StagedFile } from './sql-session.js';
import type { SqlSession } from './sql-session.js';
import type { Target } from './target.js';

export async function openSession(target: Target, opts: { readOnly: boolean; create: boolean }): Promise<SqlSession> {
  if (target.kind === 'duckdb')
    return (await import('./duckdb.js')).openDuckDb(target.path, target.label, { ...opts, owned: target.owned });
  return (await import('./postgres.js')).openPostgres(target.url, target.label, opts);
}

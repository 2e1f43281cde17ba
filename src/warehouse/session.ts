// Opens the session a target names, each driver loaded only when used (the interface is in
// sql-session.ts, apart from this opener, so that drivers and opener form no import cycle).

export { databaseError, type QueryResult, type SqlSession, type StagedFile } from './sql-session.js';
import type { SqlSession } from './sql-session.js';
import type { Target } from './target.js';
import type { WriterSettings } from './sync-duckdb-settings.js';
import { openDuckDb } from './duckdb.js';
import { openPostgres } from './postgres.js';

export async function openSession(
  target: Target,
  opts: { readOnly: boolean; create: boolean; writer?: WriterSettings },
): Promise<SqlSession> {
  if (target.kind === 'duckdb') return openDuckDb(target.path, target.label, { ...opts, owned: target.owned });
  return openPostgres(target.url, target.label, opts);
}

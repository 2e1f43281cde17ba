// Where the warehouse lives: `--db TARGET`, else MASG_DB, else $XDG_DATA_HOME/masg/stats.duckdb
// (~/.local/share when unset). A postgres:// or postgresql:// URL is a PostgreSQL database;
// anything else is the path of a DuckDB file. Checked before anything is sent or opened.

import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';

export type Target =
  /** `owned`: a default path masg chose, so masg decides its modes (folder 0700, file 0600). */
  { kind: 'duckdb'; path: string; label: string; owned?: boolean } | { kind: 'postgres'; url: string; label: string; password?: string };

const PG = /^postgres(?:ql)?:\/\//i;

export function defaultDatabasePath(env: Record<string, string | undefined>): string {
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const data = env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(env.HOME || homedir(), '.local', 'share');
  return join(data, 'masg', 'stats.duckdb');
}

export function resolveTarget(flag: string | undefined, env: Record<string, string | undefined>): Target {
  const source = flag !== undefined ? '--db' : env.MASG_DB ? 'MASG_DB' : undefined;
  const raw = flag ?? (env.MASG_DB || undefined);
  if (raw === undefined) {
    const path = defaultDatabasePath(env);
    return { kind: 'duckdb', path, label: path, owned: true };
  }
  if (raw.trim() === '')
    throw new UsageError(`${source}: the database is empty.`, { field: source, hint: 'Give a DuckDB file path or a postgres:// URL.' });
  if (PG.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new UsageError(`${source}: "${redactUrl(raw)}" is not a valid PostgreSQL URL.`, {
        field: source,
        hint: 'Use postgres://USER:PASSWORD@HOST:PORT/DATABASE.',
      });
    }
    const password = url.password ? decodeURIComponent(url.password) : undefined;
    return { kind: 'postgres', url: raw, label: redactUrl(raw), password };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new UsageError(`${source}: "${redactUrl(raw)}" is neither a file path nor a postgres:// URL.`, { field: source });
  }
  if (raw.endsWith('/'))
    throw new UsageError(`${source}: "${raw}" names a folder; give the database file, e.g. ${join(raw, 'stats.duckdb')}.`, {
      field: source,
    });
  const path = resolve(raw);
  return { kind: 'duckdb', path, label: raw };
}

/**
 * `--sandbox`'s warehouse, beside the sandbox's state: demo figures never reach the real default
 * (nor MASG_DB, which a cron set-up points at real data); only an explicit --db is obeyed.
 */
export function sandboxTarget(flag: string | undefined, configDir: string, env: Record<string, string | undefined>): Target {
  if (flag !== undefined) return resolveTarget(flag, env);
  const path = join(configDir, 'sandbox', 'stats.duckdb');
  return { kind: 'duckdb', path, label: path, owned: true };
}

/** The URL as it may be shown: the password replaced by ***. */
export function redactUrl(raw: string): string {
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

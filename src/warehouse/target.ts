// Where the warehouse lives: `--db TARGET`, else MASG_DB, else $XDG_DATA_HOME/masg/stats.duckdb
// (~/.local/share when unset). A postgres:// or postgresql:// URL is a PostgreSQL database;
// anything else is the path of a DuckDB file. Checked before anything is sent or opened.

import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { LocalIOError, UsageError } from '../core/errors.js';

export type Target =
  /** `owned`: a default path masg chose, so masg decides its modes (folder 0700, file 0600). */
  | { kind: 'duckdb'; path: string; label: string; owned?: boolean }
  | { kind: 'postgres'; url: string; label: string; password?: string; secrets: string[] };

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
  if (PG.test(raw)) return postgresTarget(raw, source!);
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
 * The warehouse of every command that reads or writes one (sync, sql, pulse --db): under --sandbox
 * the sandbox's own, so `masg --sandbox sql` reads what `masg --sandbox sync` wrote. `true` is a
 * bare `--db`: the default warehouse.
 */
export function warehouseTarget(
  flag: string | true | undefined,
  ctx: { globals: { sandbox?: boolean }; configDir: string; io: { env: Record<string, string | undefined> } },
): Target {
  const named = flag === true ? undefined : flag;
  return ctx.globals.sandbox ? sandboxTarget(named, ctx.configDir, ctx.io.env) : resolveTarget(named, ctx.io.env);
}

/** A missing warehouse under --sandbox is filled by `masg --sandbox sync`, never by MASG_DB: say so. */
export function sandboxMissingHint(err: unknown, sandbox: boolean | undefined): unknown {
  if (sandbox && err instanceof LocalIOError && err.errno === 'ENOENT')
    err.hint = 'Run `masg --sandbox sync` first: --sandbox keeps a warehouse of its own.';
  return err;
}

/** --sandbox's warehouse, beside its state: demo figures never reach the default nor MASG_DB. */
export function sandboxTarget(flag: string | undefined, configDir: string, env: Record<string, string | undefined>): Target {
  if (flag !== undefined) return resolveTarget(flag, env);
  const path = join(configDir, 'sandbox', 'stats.duckdb');
  return { kind: 'duckdb', path, label: path, owned: true };
}

/** A postgres:// URL checked as `pg` reads it (%-escapes too): exit 2, never showing the password. */
function postgresTarget(raw: string, source: string): Target {
  const label = redactUrl(raw);
  const refuse = (why: string) =>
    new UsageError(`${source}: "${label}" is not a valid PostgreSQL URL: ${why}.`, {
      field: source,
      hint: 'Use postgres://USER:PASSWORD@HOST:PORT/DATABASE, with / @ : % and spaces in the user or password written %2F %40 %3A %25 %20.',
    });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('it cannot be parsed (a / or @ in the password must be percent-encoded)');
  }
  const decoded: Record<string, string> = {};
  for (const [part, value] of [
    ['the user', url.username],
    ['the password', url.password],
    ['the database name', url.pathname.slice(1)],
  ] as const) {
    try {
      decoded[part] = decodeURIComponent(value);
    } catch {
      throw refuse(`${part} has a malformed %-escape (a literal % is written %25)`);
    }
  }
  // Both forms are hidden wherever they might appear: as typed and as pg sends it.
  const password = url.password ? decoded['the password'] : undefined;
  const secrets = [password, url.password, ...url.searchParams.getAll('password')].filter((s): s is string => !!s);
  return { kind: 'postgres', url: raw, label, password, secrets };
}

/** The URL as it may be shown: all between "USER:" and the last "@", and ?password=, as ***. */
export function redactUrl(raw: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0];
  if (scheme === undefined) return raw;
  const rest = raw.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  const userinfo = at < 0 ? '' : rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  const shown = colon < 0 ? raw : `${scheme}${userinfo.slice(0, colon)}:***@${rest.slice(at + 1)}`;
  // pg also reads ?password=… from the query string.
  return shown.replace(/([?&]password=)[^&#]*/gi, '$1***');
}

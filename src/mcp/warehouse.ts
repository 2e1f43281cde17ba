// The warehouse tools, offered only when a warehouse is configured (--db, MASG_DB, or the
// default file of `masg sync` exists). Both read through `masg sql`'s read-only path (runSql):
// the engine refuses writes and files outside the warehouse (DuckDB READ_ONLY with external
// access off and its configuration locked; PostgreSQL a READ ONLY transaction and, here, a
// statement_timeout), never a filter on the statement's text. Rows stream and are cut at the cap.
import { existsSync } from 'node:fs';
import * as z from 'zod';
import { ConfigError, MasgError } from '../core/errors.js';
import type { Context } from '../context.js';
import type { WarehousePort } from '../warehouse/port.js';
import { defaultDatabasePath, resolveTarget, sandboxTarget, type Target } from '../warehouse/target.js';
import { answer, ToolFailure } from './results.js';
import { cutSchema, defineTool, DEFAULT_ROWS, MAX_ROWS, type Call, type ToolSpec } from './tool.js';

export const DEFAULT_QUERY_SECONDS = 30;

/** The warehouse this server reads, or undefined: then the tools are not offered. */
export function configuredTarget(ctx: Context, db: string | undefined): Target | undefined {
  const env = ctx.io.env;
  if (db !== undefined || env.MASG_DB) return resolveTarget(db, env);
  const target = ctx.globals.sandbox
    ? sandboxTarget(undefined, ctx.configDir, env)
    : { kind: 'duckdb' as const, path: defaultDatabasePath(env) };
  return target.kind === 'duckdb' && existsSync(target.path) ? resolveTarget(target.path, env) : undefined;
}

/** PostgreSQL ends a statement after `seconds` itself (the server's statement_timeout). */
function withTimeout(target: Target, seconds: number): string {
  if (target.kind === 'duckdb') return target.path;
  const url = new URL(target.url);
  const options = [url.searchParams.get('options'), `-c statement_timeout=${seconds * 1000}`].filter(Boolean).join(' ');
  url.searchParams.set('options', options);
  return url.toString();
}

interface Rows {
  columns: string[];
  rows: Array<Record<string, string>>;
  total: number;
}

/** One statement through `masg sql`'s reader: at most `limit` rows kept, the rest counted; stopped after `seconds`. */
async function readQuery(ctx: Context, db: string, sql: string, limit: number, seconds: number): Promise<Rows> {
  const { runSql } = await import('../warehouse/sql.js');
  const stop = new AbortController();
  const port = warehousePort(ctx, stop.signal);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const err = new ToolFailure('Timed out.', `The statement ran longer than ${seconds} s and was stopped.`, {
          hint: 'Narrow it (a WHERE on date, an aggregate, a LIMIT) and try again.',
        });
        stop.abort(err);
        reject(err);
      },
      graceMs(db, seconds),
    );
  });
  const read = (async () => {
    const result = rowsOf(await runSql(port, { db, write: false }, sql));
    try {
      const rows: Array<Record<string, string>> = [];
      let total = 0;
      for await (const batch of result.batches) {
        for (const row of batch) if (total++ < limit) rows.push(row as Record<string, string>);
      }
      return { columns: result.columns.map((c) => c.key), rows, total };
    } finally {
      await result.close();
    }
  })();
  read.catch(() => undefined);
  try {
    return await Promise.race([read, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL cancels the statement itself (statement_timeout): masg's own stop comes later, only if it does not. */
function graceMs(db: string, seconds: number): number {
  return seconds * 1000 + (/^postgres(?:ql)?:/i.test(db) ? 2000 : 0);
}

/** The rows of a result (masg sql may also answer that the database wrote them itself: never asked here). */
function rowsOf<T extends object>(result: T): Exclude<T, { kind: 'copied' }> {
  if ((result as { kind?: string }).kind === 'copied') throw new Error('masg sql wrote the rows itself, unasked.');
  return result as Exclude<T, { kind: 'copied' }>;
}

/** What runSql needs from a command's Context, with this call's own stop signal. */
function warehousePort(ctx: Context, signal: AbortSignal): WarehousePort {
  return {
    io: { env: ctx.io.env, stdout: ctx.io.stdout, signal },
    secrets: ctx.secrets,
    globals: { ...ctx.globals, raw: undefined, dryRun: false },
    version: ctx.version,
    configDir: ctx.configDir,
    credentials: () => ctx.credentials(),
    sdk: () => ctx.sdk(),
    ui: () => ctx.ui(),
    outputSettings: () => ctx.outputSettings(),
  };
}

const queryOutput = z.object({
  database: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string())),
  total: z.number().int().describe('Rows the statement returned in all.'),
  returned: z.number().int(),
  cut: cutSchema,
});

// A READ ONLY transaction does not stop a superuser's COPY … TO a server file or pg_read_file:
// those are the role's powers, so a role that has them is refused, and the docs say which to use.
const RISKY_ROLE =
  "SELECT (rolsuper OR pg_has_role(current_user, 'pg_read_server_files', 'MEMBER') " +
  "OR pg_has_role(current_user, 'pg_write_server_files', 'MEMBER') OR pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER'))::text AS risky, " +
  'current_user AS role FROM pg_roles WHERE rolname = current_user';

// DuckDB: masg sql's reader must open the file with external access off and its configuration
// locked (the sql helper's settings); if this build's does not, no statement is run at all.
const DUCKDB_SEALED =
  "SELECT current_setting('enable_external_access')::VARCHAR AS external, current_setting('lock_configuration')::VARCHAR AS locked";

/** The engine's own settings and the role's powers, checked before the first statement: fails closed. */
async function checkEngine(ctx: Context, label: string, db: string, seconds: number, dialect: Target['kind']): Promise<void> {
  if (dialect === 'postgres') return checkRole(ctx, label, db, seconds);
  const { rows } = await readQuery(ctx, db, DUCKDB_SEALED, 1, seconds);
  if (rows[0]?.external !== 'false' || rows[0]?.locked !== 'true')
    throw new ConfigError(
      `warehouse_query will not run on ${label}: this masg opens DuckDB with external access on, so a statement could read or write other files.`,
      { hint: 'Use a masg whose masg sql turns external access off (docs/mcp.md); warehouse_status still works.' },
    );
}

async function checkRole(ctx: Context, label: string, db: string, seconds: number): Promise<void> {
  const { rows } = await readQuery(ctx, db, RISKY_ROLE, 1, seconds);
  if (rows[0]?.risky !== 'false') {
    throw new ConfigError(
      `warehouse_query will not run as the PostgreSQL role "${rows[0]?.role ?? '?'}" of ${label}: it can read or write the server's files (a superuser, or a member of pg_read_server_files, pg_write_server_files or pg_execute_server_program).`,
      { hint: 'Give `masg mcp --db` a role that may only SELECT the warehouse (see docs/mcp.md).' },
    );
  }
}

function queryTool(label: string, db: string, seconds: number, dialect: Target['kind']): ToolSpec {
  let engineChecked: Promise<void> | undefined;
  return defineTool({
    name: 'warehouse_query',
    title: 'Query the warehouse',
    description:
      `One read-only SQL statement on the warehouse of masg sync (${label}). Tables: publisher_stats, campaign_stats ` +
      '(one row per day; publisher_stats_hourly, campaign_stats_hourly per hour), publications, adslots, advertisers, campaigns, ' +
      `masg_sync_days. Dates are days of the account's zone; money is DECIMAL in USD. At most ${MAX_ROWS} rows come back: ` +
      `aggregate in SQL instead of reading rows. Stopped after ${seconds} s. Writes and files are refused by the database.`,
    input: z.object({
      sql: z.string().min(1).describe('One SELECT (or WITH … SELECT) statement.'),
      limit: z.number().int().min(1).max(MAX_ROWS).optional().describe(`Rows to return, at most ${MAX_ROWS} (default ${DEFAULT_ROWS}).`),
    }),
    output: queryOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(args, call: Call) {
      const ctx = await call.context(undefined);
      await (engineChecked ??= checkEngine(ctx, label, db, seconds, dialect)).catch((err: unknown) => {
        engineChecked = undefined;
        throw err;
      });
      const limit = args.limit ?? DEFAULT_ROWS;
      const { columns, rows, total } = await readQuery(ctx, db, args.sql, limit, seconds);
      const cut =
        total > rows.length
          ? {
              omittedRows: total - rows.length,
              how: `Add a WHERE, aggregate with GROUP BY, or page with LIMIT/OFFSET (up to ${MAX_ROWS} rows per call).`,
            }
          : null;
      const head = columns.join(' | ');
      const body = rows.slice(0, 20).map((r) => columns.map((c) => r[c] ?? '').join(' | '));
      const text = [
        `${total} rows${cut ? ` (${rows.length} returned)` : ''} from ${label}:`,
        head,
        ...body,
        ...(rows.length > 20 ? ['…'] : []),
      ].join('\n');
      return answer({ database: label, columns, rows, total, returned: rows.length, cut }, text);
    },
  });
}

const STATUS_SQL = {
  meta: 'SELECT key, value FROM masg_sync_meta ORDER BY key',
  days:
    'SELECT grain, CAST(min(date) AS VARCHAR) AS first_day, CAST(max(date) AS VARCHAR) AS last_day, count(*) AS days, ' +
    'sum(CASE WHEN complete THEN 1 ELSE 0 END) AS final_days FROM masg_sync_days GROUP BY grain ORDER BY grain',
  open: 'SELECT grain, CAST(date AS VARCHAR) AS day FROM masg_sync_days WHERE NOT complete ORDER BY grain, date',
};

function statusTool(label: string, db: string, seconds: number): ToolSpec {
  return defineTool({
    name: 'warehouse_status',
    title: 'Warehouse status',
    description:
      'Which account, time zone and days the warehouse holds, per grain (day, hour), and which days are final (complete) or may still change.',
    input: z.object({}),
    output: z.object({
      database: z.string(),
      meta: z.record(z.string(), z.string()),
      grains: z.array(z.record(z.string(), z.string())),
      notFinal: z.array(z.record(z.string(), z.string())).describe(`Days not final yet (at most ${MAX_ROWS}).`),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(_args, call: Call) {
      const ctx = await call.context(undefined);
      const read = (sql: string) => readQuery(ctx, db, sql, MAX_ROWS, seconds);
      let meta: Rows;
      try {
        meta = await read(STATUS_SQL.meta);
      } catch (err) {
        if (err instanceof MasgError && /masg_sync_meta/.test(err.message))
          throw new MasgError(`The warehouse ${label} holds no masg sync data yet.`, { hint: 'Run `masg sync` first.' });
        throw err;
      }
      const [grains, open] = [await read(STATUS_SQL.days), await read(STATUS_SQL.open)];
      const structured = {
        database: label,
        meta: Object.fromEntries(meta.rows.map((r) => [r.key, r.value])),
        grains: grains.rows,
        notFinal: open.rows,
      };
      const lines = [
        `Warehouse ${label}: ${Object.entries(structured.meta)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      ];
      for (const g of grains.rows) lines.push(`${g.grain}: ${g.first_day} to ${g.last_day}, ${g.days} days, ${g.final_days} final`);
      if (open.total > 0) lines.push(`Not final: ${open.rows.map((r) => `${r.day} (${r.grain})`).join(', ')}`);
      return answer(structured, lines.join('\n'));
    },
  });
}

export function configuredWarehouse(ctx: Context, db: string | undefined, seconds = DEFAULT_QUERY_SECONDS): ToolSpec[] | undefined {
  const target = configuredTarget(ctx, db);
  if (target === undefined) return undefined;
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  const source = withTimeout(target, seconds);
  return [queryTool(target.label, source, seconds, target.kind), statusTool(target.label, source, seconds)];
}

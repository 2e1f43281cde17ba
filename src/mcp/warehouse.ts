// The warehouse tools, offered only when a warehouse is configured (--db, MASG_DB, or the
// default file of `masg sync` exists). Both read through `masg sql`'s read-only path (runSql):
// the engine refuses writes and files outside the warehouse (DuckDB READ_ONLY with external
// access off and its configuration locked; PostgreSQL a READ ONLY transaction and, here, a
// statement_timeout), never a filter on the statement's text. Rows stream and are cut at the cap.
import { existsSync } from 'node:fs';
import * as z from 'zod';
import { ConfigError, MasgError } from '../core/errors.js';
import { DEFAULT_QUERY_SECONDS } from '../config/defaults.js';
import type { Context } from '../context.js';
import { warehouseTarget, type Target } from '../warehouse/target.js';
import { sanitizeStrings } from '../output/sanitize.js';
import { answer } from './results.js';
import { defineTool, DEFAULT_ROWS, MAX_ROWS, type Call, type ToolSpec } from './tool.js';
import { MAX_RESULT_CHARS, MAX_VALUE_CHARS, readQuery, sqlFailure, warehousePort } from './warehouse-read.js';
import { syncStatus } from '../warehouse/sync-status.js';

/**
 * The warehouse this server reads: the one `masg sql` reads (warehouseTarget: --db, else under
 * --sandbox the sandbox's own, else MASG_DB, else the default file), or undefined when that is a
 * default file that does not exist yet: then the tools are not offered.
 */
export function configuredTarget(ctx: Context, db: string | undefined): Target | undefined {
  const target = warehouseTarget(db, ctx);
  return target.kind === 'duckdb' && target.owned && !existsSync(target.path) ? undefined : target;
}

/** PostgreSQL ends a statement after `seconds` itself (the server's statement_timeout). */
function withTimeout(target: Target, seconds: number): string {
  if (target.kind === 'duckdb') return target.path;
  const url = new URL(target.url);
  const options = [url.searchParams.get('options'), `-c statement_timeout=${seconds * 1000}`].filter(Boolean).join(' ');
  url.searchParams.set('options', options);
  return url.toString();
}

const queryOutput = z.object({
  database: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string().nullable())),
  total: z.number().int().describe('Rows the statement returned in all.'),
  returned: z.number().int(),
  cut: z
    .object({ omittedRows: z.number().int(), cutValues: z.number().int(), how: z.string() })
    .nullable()
    .describe(
      `null when every row and value is here whole; else the rows left out (past the limit, or past ${MAX_RESULT_CHARS} characters in all), ` +
        `the values cut at ${MAX_VALUE_CHARS} characters, and how to narrow the statement.`,
    ),
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
      const { columns, rows, total, cutValues } = await readQuery(ctx, db, args.sql, limit, seconds);
      const omittedRows = total - rows.length;
      const how = [
        omittedRows > 0
          ? `${omittedRows} of ${total} rows left out: add a WHERE, aggregate with GROUP BY, or page with LIMIT/OFFSET (up to ${MAX_ROWS} rows per call).`
          : '',
        cutValues > 0
          ? `${cutValues} values were longer than ${MAX_VALUE_CHARS} characters and were cut: select left(column, N) or length(column) instead.`
          : '',
      ].filter(Boolean);
      const cut = how.length > 0 ? { omittedRows, cutValues, how: how.join(' ') } : null;
      // The text is a glance (the first 20 rows, each value shortened); structuredContent has the rows.
      const glance = (v: string | null | undefined) => (v ?? '').slice(0, 200);
      const head = columns.join(' | ');
      const body = rows.slice(0, 20).map((r) => columns.map((c) => glance(r[c])).join(' | '));
      const text = [
        `${total} rows${omittedRows > 0 ? ` (${rows.length} returned)` : ''} from ${label}:`,
        head,
        ...body,
        ...(rows.length > 20 ? ['…'] : []),
        ...(cut ? [`Cut: ${cut.how}`] : []),
      ].join('\n');
      return answer({ database: label, columns, rows, total, returned: rows.length, cut }, text);
    },
  });
}

const text = z.string().nullable();
const statusRow = z.object({
  account: z.string().describe("The account's e-mail, as the warehouse keys it."),
  timezone: text,
  grain: z.string().describe('day or hour'),
  first: text,
  last: text,
  days: text,
  final_through: text.describe('The last day that is final: complete, and before the lookback of the last sync.'),
  provisional: text.describe('Days the next sync fetches again (may still change), oldest first.'),
  gaps: text.describe('Missing days between the first and the last, as ranges.'),
  restated: text.describe('Days a later sync fetched with other figures (the restatements table has before and after).'),
  held: text.describe('Days whose new answer was held: they keep their rows until `masg sync --accept-restated DAY`.'),
  last_run_started: text,
  last_run_ended: text,
  last_result: text,
  last_message: text,
  service: text.describe(
    'The service the account was synced from (its base URL\'s origin, or "sandbox"): one e-mail at another service is another account, refused by the sync.',
  ),
});

/** docs/output.md's JSON rule, as `masg sync --status -o json` writes the rows: empty is null. */
const asJson = (row: Record<string, string>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === '' ? null : v]));

/** `masg sync --status` itself (syncStatus: the same rows, the same rule for "final"), one row per account and grain. */
function statusTool(target: Target): ToolSpec {
  return defineTool({
    name: 'warehouse_status',
    title: 'Warehouse status',
    description:
      'What the warehouse holds, per account and grain (day, hour), as `masg sync --status`: first and last day, how many, ' +
      'the last final day, the provisional days the next sync fetches again, gaps, and the last run.',
    input: z.object({}),
    output: z.object({ database: z.string(), accounts: z.array(statusRow) }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(_args, call: Call) {
      const ctx = await call.context(undefined);
      const rows = await syncStatus(warehousePort(ctx, ctx.io.signal), target).catch((err: unknown) => {
        throw sqlFailure(err, 0);
      });
      if (rows.length === 0)
        throw new MasgError(`The warehouse ${target.label} holds no masg sync data yet.`, { hint: 'Run `masg sync` first.' });
      const lines = [`Warehouse ${target.label}:`];
      // last_message may quote the service: every field as inert text, as the CLI's table shows it.
      for (const r of sanitizeStrings(rows)) {
        const held =
          r.days === '0' || r.first === ''
            ? 'no days'
            : `${r.first} to ${r.last}, ${r.days} days, final through ${r.final_through || 'none'}`;
        const more = [r.provisional && `provisional: ${r.provisional}`, r.gaps && `gaps: ${r.gaps}`].filter(Boolean).join('; ');
        const where = r.service ? `${r.timezone}, from ${r.service}` : r.timezone;
        lines.push(
          `- ${r.account} (${where}), ${r.grain}: ${held}${more ? `; ${more}` : ''}${r.last_result ? `; last run ${r.last_result}` : ''}`,
        );
      }
      return answer({ database: target.label, accounts: rows.map(asJson) }, lines.join('\n'));
    },
  });
}

export function configuredWarehouse(ctx: Context, db: string | undefined, seconds = DEFAULT_QUERY_SECONDS): ToolSpec[] | undefined {
  const target = configuredTarget(ctx, db);
  if (target === undefined) return undefined;
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  const source = withTimeout(target, seconds);
  return [queryTool(target.label, source, seconds, target.kind), statusTool(target)];
}

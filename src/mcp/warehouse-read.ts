// One warehouse_query statement through `masg sql`'s reader (runSql), kept small: at most `limit`
// rows, each value cut at MAX_VALUE_CHARS and the rows at MAX_RESULT_CHARS in all, the rest only
// counted, so a result of 200 MB is answered in a few hundred kB with what was cut said. Failures
// come back in the tool's terms: a server's statement_timeout is a timeout, a refusal's advice
// names warehouse_query, never a CLI flag.
import { LocalIOError, MasgError } from '../core/errors.js';
import type { Context } from '../context.js';
import type { WarehousePort } from '../warehouse/port.js';
import { ToolFailure } from './results.js';
import { runSql } from '../warehouse/sql.js';

/** A value longer than this is cut (an agent reads a value, not a blob). */
export const MAX_VALUE_CHARS = 4000;
/** The rows returned hold at most this many characters of values in all. */
export const MAX_RESULT_CHARS = 256 * 1024;

export interface Rows {
  columns: string[];
  rows: Array<Record<string, string | null>>;
  total: number;
  /** Values cut at MAX_VALUE_CHARS. */
  cutValues: number;
  /** Rows left out because the result reached MAX_RESULT_CHARS (beside those past the limit). */
  cutForSize: number;
}

/** What runSql needs from a command's Context, with this call's own stop signal. */
export function warehousePort(ctx: Context, signal: AbortSignal): WarehousePort {
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

function timedOut(seconds: number): ToolFailure {
  return new ToolFailure('Timed out.', `The statement ran longer than ${seconds} s and was stopped.`, {
    hint: 'Narrow it (a WHERE on date, an aggregate, a LIMIT) and try again.',
  });
}

const SQL_ADVICE = 'warehouse_query only reads: write one SELECT (or WITH … SELECT), and aggregate in SQL rather than exporting rows.';

/**
 * masg sql's failures as this tool's: a server's statement_timeout is a timeout, and advice to add
 * --write or --out (flags an agent cannot give) is the tool's advice. Their words (masg sql, <query>)
 * become the tool's in toolError, through results.ts's inToolTerms, as every tool's do.
 */
export function sqlFailure(err: unknown, seconds: number): unknown {
  // PostgreSQL's 57014 without a stop of ours: its statement_timeout cancelled the statement.
  if (err instanceof LocalIOError && err.errno === '57014') return timedOut(seconds);
  if (err instanceof MasgError && err.hint !== undefined && /--write|--out\b/.test(err.hint)) err.hint = SQL_ADVICE;
  return err;
}

/** One statement: at most `limit` rows kept, within the size caps, the rest counted; stopped after `seconds`. */
export async function readQuery(ctx: Context, db: string, sql: string, limit: number, seconds: number): Promise<Rows> {
  const stop = new AbortController();
  const port = warehousePort(ctx, stop.signal);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const err = timedOut(seconds);
        stop.abort(err);
        reject(err);
      },
      graceMs(db, seconds),
    );
  });
  const read = (async () => {
    const result = rowsOf(await runSql(port, { db, write: false }, sql));
    try {
      const kept = { rows: [] as Rows['rows'], total: 0, cutValues: 0, cutForSize: 0, chars: 0 };
      for await (const batch of result.batches) {
        for (const row of batch) keep(kept, row, limit);
      }
      return { columns: result.columns.map((c) => c.key), ...kept };
    } finally {
      await result.close();
    }
  })();
  read.catch(() => undefined);
  try {
    return await Promise.race([read, expired]);
  } catch (err) {
    throw sqlFailure(err, seconds);
  } finally {
    clearTimeout(timer);
  }
}

function keep(kept: Omit<Rows, 'columns'> & { chars: number }, row: Record<string, unknown>, limit: number): void {
  kept.total++;
  if (kept.rows.length >= limit) return;
  if (kept.chars >= MAX_RESULT_CHARS) {
    kept.cutForSize++;
    return;
  }
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(row)) {
    // masg sql's rows hold each value as its text already (sql-duckdb-text.ts, PostgreSQL's text format).
    const text = value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
    if (text !== null && text.length > MAX_VALUE_CHARS) {
      kept.cutValues++;
      out[key] = `${text.slice(0, MAX_VALUE_CHARS)}… [cut: ${text.length - MAX_VALUE_CHARS} more characters]`;
    } else out[key] = text;
    kept.chars += key.length + (out[key]?.length ?? 0);
  }
  kept.rows.push(out);
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

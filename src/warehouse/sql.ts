// `masg sql`: one query on the warehouse, its result through the usual output formats. Types
// come from the database: integers as `int`, DECIMAL/float as `decimal` (both kept exact, as
// text), booleans as `bool`; everything else (dates, text, timestamps) as text.

import type { CommandResult } from '../output/result.js';
import type { WarehouseEnv as Context } from './env.js';
import { LocalIOError, UsageError } from '../core/errors.js';
import { outFormat } from '../output/out-format.js';
import type { Column } from '../output/types.js';
import { openSession } from './session.js';
import { resolveTarget } from './target.js';

export async function runSql(ctx: Context, opts: { db?: string; write?: boolean; out?: string }, query: string): Promise<CommandResult> {
  const target = resolveTarget(opts.db, ctx.io.env);
  if (target.kind === 'postgres' && target.password) ctx.secrets.push(target.password);
  if (query.trim() === '')
    throw new UsageError('<query>: the query is empty.', {
      field: '<query>',
      hint: 'e.g. masg sql "SELECT * FROM publisher_stats LIMIT 10"',
    });
  if (ctx.globals.raw) throw new UsageError('--raw prints a response of the service; masg sql queries the warehouse.', { field: '--raw' });
  if (ctx.globals.dryRun) throw new UsageError('--dry-run describes requests to the service; masg sql sends none.', { field: '--dry-run' });
  // Checked before the query runs: a table cannot go to a file.
  if (opts.out !== undefined && opts.out !== '-') outFormat(opts.out, ctx.globals.output);

  const session = await openSession(target, { readOnly: !opts.write, create: false });
  let result;
  try {
    result = await session.query(query);
  } catch (err) {
    throw queryError(err);
  } finally {
    await session.close();
  }
  // Keys must be unique for the output module: `SELECT 1, 1` gets columns "1" and "1_2".
  const seen = new Map<string, number>();
  const columns: Column[] = result.columns.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return { key: n === 1 ? c.name : `${c.name}_${n}`, type: c.type, wrap: c.type === 'string' };
  });
  const rows = result.rows.map((r) => Object.fromEntries(columns.map((c, i) => [c.key, r[i] ?? ''])));
  if (opts.out === undefined) return { kind: 'rows', columns, rows, entity: 'rows' };
  // --out: written atomically by the renderer, like the lists' and the reports' --out.
  return { kind: 'stream', columns, batches: oneBatch(rows), entity: 'rows', out: opts.out };
}

async function* oneBatch<T>(rows: T[]): AsyncIterable<readonly T[]> {
  yield await Promise.resolve(rows);
}

/**
 * A query the database could not even plan (syntax, unknown table or column: DuckDB's Parser,
 * Binder and Catalog errors, PostgreSQL's class 42) is the user's to fix: exit 2. Anything
 * else (a lock, a full disk, a lost connection) stays a database failure, exit 7.
 */
function queryError(err: unknown): unknown {
  if (!(err instanceof LocalIOError)) return err;
  const cause = err.cause as { message?: string; code?: string } | undefined;
  const message = cause?.message ?? '';
  if (/^(Parser|Binder|Catalog) Error/.test(message) || /^42/.test(cause?.code ?? '')) {
    return new UsageError(`The query failed: ${message.trim()}`, { field: '<query>' });
  }
  return err;
}

// `masg sql "SELECT …"`: query the warehouse without another client. Read-only unless --write.
// Rows go through the output writer, to stdout or --out; a DuckDB query's --out csv, tsv and
// parquet are written by DuckDB itself (COPY) into --out's temporary file, renamed once whole.
import { defineCommand, type CommandResult } from '../command-kit/define.js';
import { writeList } from '../command-kit/list-result.js';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import type { Row, TextBatch } from '../output/types.js';
import type { SqlFileFormat, SqlOptions, SqlResult } from '../warehouse/sql.js';
import { counted } from '../core/plural.js';
import { checkSql, runSql } from '../warehouse/sql.js';
import { openAtomicFile } from '../core/atomic-file.js';

export const sql = defineCommand<SqlOptions>({
  // A list of profiles is read, to be refused clearly: sql reads every account of the warehouse.
  accounts: 'own',
  async run(ctx, opts, [query]) {
    await refuseProfileList(ctx);
    const format = await checkSql(ctx, opts, query, ctx.globals.output);
    if (format === undefined) return toStdout(ctx, opts, query);
    return toFile(ctx, opts, query, opts.out!, format);
  },
});

/**
 * The warehouse holds every account synced into it and `masg sql` sees them all: a list of
 * profiles would only pretend to choose (the statement decides), so it is exit 2 saying how to.
 */
async function refuseProfileList(ctx: Context): Promise<void> {
  const list = await ctx.accounts();
  if (list === undefined) return;
  throw new UsageError(`masg sql reads every account of the warehouse; ${list.source} would not choose among them.`, {
    field: list.source,
    hint: "Choose in the statement, by the accounts' e-mails: ... WHERE account IN ('east@example.com', 'west@example.com'). Drop the profile list.",
  });
}

async function toStdout(ctx: Context, opts: SqlOptions, query: string): Promise<CommandResult> {
  const { format } = await ctx.outputSettings();
  // csv and tsv need no types: DuckDB hands over its values' text as bytes (output/types.ts TextBatch).
  return written(ctx, await runSql(ctx, opts, query, { bytes: format === 'csv' || format === 'tsv' }), undefined);
}

async function toFile(ctx: Context, opts: SqlOptions, query: string, out: string, format: SqlFileFormat): Promise<CommandResult> {
  const settings = await ctx.outputSettings();
  if (format === 'parquet' && settings.fields !== undefined) {
    throw new UsageError('--fields does not apply to a .parquet file.', { field: '--fields', hint: 'Select the columns in the query.' });
  }
  if (format === 'json' || format === 'ndjson' || settings.fields !== undefined) return written(ctx, await runQuery(ctx, opts, query), out);
  // Created first: the one file DuckDB is allowed to write, and an unwritable folder fails before the query.
  const file = await openAtomicFile(out);
  let result: SqlResult<readonly Row[] | TextBatch>;
  try {
    const copy = { format, header: settings.header, path: file.tempPath, target: out };
    result = await runSql(ctx, opts, query, { copy, bytes: format !== 'parquet' });
    if (result.kind === 'copied') await file.commit();
  } catch (err) {
    await file.abort();
    throw file.explain(err);
  }
  // Not a DuckDB query (PRAGMA, CALL…, or PostgreSQL): its rows go through the writer, into a file of its own.
  if (result.kind === 'rows') await file.abort();
  return written(ctx, result, out);
}

function runQuery(ctx: Context, opts: SqlOptions, query: string): Promise<SqlResult> {
  return runSql(ctx, opts, query);
}

async function written(ctx: Context, result: SqlResult<readonly Row[] | TextBatch>, out: string | undefined): Promise<CommandResult> {
  if (result.kind === 'rows') {
    try {
      return await writeList(ctx, result.batches, { entity: 'rows', columns: result.columns, out });
    } finally {
      // Released whether the rows were read to the end, stopped early or never started.
      await result.close();
    }
  }
  const ui = await ctx.ui();
  if (result.rows === 0) ui.info('No rows.');
  if (out !== undefined) ui.notice(`Wrote ${counted(result.rows, 'rows')} to ${out}.`);
  return { kind: 'done' };
}

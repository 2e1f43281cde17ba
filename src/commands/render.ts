// Renders a handler's result: the one place commands meet the output module.
import type { Context } from '../context.js';
import type { CommandResult } from './define.js';
import { outFile, settingsFor } from './out-file.js';

export async function render(ctx: Context, result: CommandResult): Promise<void> {
  if (result.kind === 'done') return;
  if (result.kind === 'raw') {
    ctx.io.stdout.write(result.body.endsWith('\n') ? result.body : `${result.body}\n`);
    if (result.failure) throw result.failure;
    return;
  }
  if (result.kind === 'stream') return renderStream(ctx, result);
  const { renderRows, renderRecord } = await import('../output/index.js');
  const settings = await ctx.outputSettings();
  const out = ctx.io.stdout;
  if (result.kind === 'rows') {
    const fields = fieldsFor(settings, result.tableFields);
    await renderRows(out, result.columns, result.rows, { ...settings, fields });
    if (result.rows.length === 0) (await ctx.ui()).info(`No ${result.entity}.`);
    return;
  }
  await renderRecord(out, result.columns, result.row, settings);
  if (result.failure) throw result.failure;
}

/**
 * Rows written as they are parsed: csv/tsv/json/ndjson memory stays flat whatever the list's
 * size (a table buffers, up to its limit). With --out the file appears only when the whole list
 * was read; on stdout a failure after some rows says how many went out, so a pipe's reader
 * knows what it got is incomplete.
 */
async function renderStream(ctx: Context, streamed: Extract<CommandResult, { kind: 'stream' }>): Promise<void> {
  const result = { ...streamed, out: outFile(streamed.out) };
  const settings = await settingsFor(ctx, result.out);
  const fields = fieldsFor(settings, result.tableFields);
  const [{ createRowWriter }, file] = await Promise.all([
    import('../output/index.js'),
    result.out === undefined ? undefined : import('../output/atomic-file.js').then((m) => m.openAtomicFile(result.out!)),
  ]);
  let count = 0;
  try {
    const writer = createRowWriter(file?.stream ?? ctx.io.stdout, result.columns, { ...settings, fields });
    for await (const batch of result.batches) {
      for (const row of batch) {
        count++;
        const pending = writer.write(row);
        if (pending !== undefined) await pending;
      }
    }
    await writer.end();
    await file?.commit();
  } catch (err) {
    await file?.abort();
    if (!file && count > 0 && settings.format !== 'table' && isMasgError(err)) {
      (await ctx.ui()).warn(`The output is incomplete: it stopped after ${count} ${result.entity}.`);
    }
    throw err;
  }
  const ui = await ctx.ui();
  if (count === 0) ui.info(`No ${result.entity}.`);
  // A notice, not info: the data went to the file, so -o csv/json must not silence it.
  if (file) ui.notice(`Wrote ${count} ${result.entity} to ${result.out}.`);
}

/** Tables show a narrower default set; --fields, --wide or a machine format shows every column. */
function fieldsFor(
  settings: { fields?: string[]; format: string; wide?: boolean },
  tableFields: string[] | undefined,
): string[] | undefined {
  return settings.fields ?? (settings.format === 'table' && !settings.wide ? tableFields : undefined);
}

function isMasgError(err: unknown): boolean {
  return err instanceof Error && 'exitCode' in err && err.name !== 'DryRunDone';
}

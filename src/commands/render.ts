// Renders a handler's result: the one place commands meet the output module.
import type { Context } from '../context.js';
import type { CommandResult } from './define.js';

export async function render(ctx: Context, result: CommandResult): Promise<void> {
  if (result.kind === 'done') return;
  if (result.kind === 'raw') {
    ctx.io.stdout.write(result.body.endsWith('\n') ? result.body : `${result.body}\n`);
    if (result.failure) throw result.failure;
    return;
  }
  const { renderRows, renderRecord } = await import('../output/index.js');
  const settings = await ctx.outputSettings();
  const out = ctx.io.stdout;
  if (result.kind === 'rows') {
    // Tables show a narrower default set; --fields, --wide or a machine format shows every column.
    const fields = settings.fields ?? (settings.format === 'table' && !settings.wide ? result.tableFields : undefined);
    await renderRows(out, result.columns, result.rows, { ...settings, fields });
    if (result.rows.length === 0) (await ctx.ui()).info(`No ${result.entity}.`);
    return;
  }
  await renderRecord(out, result.columns, result.row, settings);
  if (result.failure) throw result.failure;
}

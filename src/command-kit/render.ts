// A handler's result → bytes, through the output port. Results are plain data (a record, a small
// list, a raw body, text); whatever streams was already written by its handler.
import type { Context } from '../context.js';
import type { CommandResult } from '../output/result.js';
import { outputPort } from './output-port.js';

export async function render(ctx: Context, result: CommandResult): Promise<void> {
  if (result.kind === 'done') return;
  const port = outputPort(ctx);
  if (result.kind === 'dry-run') {
    const { renderDryRun } = await import('../output/dry-run.js');
    return renderDryRun(port, 'plan' in result ? result.plan : { requests: [], notes: result.requests });
  }
  if (result.kind === 'raw') await port.raw(result.bytes, result.out);
  else if (result.kind === 'text') port.text(result.text);
  else if (result.kind === 'rows') await port.rows(result.columns, result.rows, result);
  else await port.record(result.columns, result.row);
  if ('failure' in result && result.failure) throw result.failure;
}

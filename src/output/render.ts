// A handler's result → bytes, through the output port it is given. Results are plain data (a
// record, a small list, a raw body, text, a dry run's plan); whatever streams was already written
// by its handler. It reaches only the output layer (the rule `render-reaches-output-only`).
import type { OutputPort } from './port.js';
import type { CommandResult } from './result.js';
import { renderDryRun } from './dry-run.js';

export async function render(port: OutputPort, result: CommandResult): Promise<void> {
  if (result.kind === 'done') return;
  if (result.kind === 'dry-run') {
    return renderDryRun(port, result.plan);
  }
  if (result.kind === 'raw') await port.raw(result.bytes, result.out);
  else if (result.kind === 'text') port.text(result.text);
  else if (result.kind === 'rows') await port.rows(result.columns, result.rows, result);
  else await port.record(result.columns, result.row);
  if ('failure' in result && result.failure) throw result.failure;
}

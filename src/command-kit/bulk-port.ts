// The bulk features' view of a command's Context (src/bulk/port.ts): narrow, so src/bulk depends
// on the SDK, the Ui and its output port only.
import type { BulkPort, BulkOutput } from '../bulk/port.js';
import type { Context } from '../context.js';
import { outputPort } from './output-port.js';
import { terminalView } from '../output/sanitize.js';
import { createPrompter } from '../prompt.js';
import { writeWatched } from '../output/watched.js';

export function bulkPort(ctx: Context): BulkPort {
  return {
    io: ctx.io,
    output: bulkOutput(ctx),
    dryRun: ctx.globals.dryRun === true,
    interactive: ctx.interactive,
    configDir: ctx.configDir,
    ui: () => ctx.ui(),
    sdk: () => ctx.sdk(),
    async confirm(question, opts) {
      return createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive }).confirm(question, opts);
    },
  };
}

/** The command's output port, each write watched for stdout's own failure, which bulk reports as a value. */
function bulkOutput(ctx: Context): BulkOutput {
  const port = outputPort(ctx);
  const watched = async (write: () => Promise<void>) => writeWatched(ctx.io.stdout, write);
  return {
    rows: (columns, rows) => watched(() => port.rows(columns, [...rows], { entity: 'results' })),
    text: (text) =>
      watched(() => new Promise<void>((resolve, reject) => ctx.io.stdout.write(text, (err) => (err ? reject(err) : resolve())))),
    // Results that could not be saved, as data: on a terminal their control characters show as \uXXXX.
    report: (text) => void ctx.io.stderr.write(terminalView(ctx.io.stderr)(text)),
  };
}

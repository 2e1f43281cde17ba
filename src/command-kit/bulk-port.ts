// The bulk features' view of a command's Context (src/bulk/port.ts): narrow, so src/bulk depends
// on the SDK, the Ui and its output port only.
import type { BulkPort, BulkOutput } from '../bulk/port.js';
import type { Context } from '../context.js';

export function bulkPort(ctx: Context): BulkPort {
  return {
    io: ctx.io,
    output: bulkOutput(ctx),
    dryRun: ctx.globals.dryRun === true,
    raw: Boolean(ctx.globals.raw),
    interactive: ctx.interactive,
    configDir: ctx.configDir,
    ui: () => ctx.ui(),
    sdk: () => ctx.sdk(),
    async confirm(question, opts) {
      const { createPrompter } = await import('../prompt.js');
      return createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive }).confirm(question, opts);
    },
  };
}

/** Results on stdout, in the chosen format or as given, each write watched for stdout's own failure. */
function bulkOutput(ctx: Context): BulkOutput {
  const out = ctx.io.stdout;
  return {
    async rows(columns, rows) {
      const [{ renderRows }, { writeWatched }, settings] = await Promise.all([
        import('../output/index.js'),
        import('../output/watched.js'),
        ctx.outputSettings(),
      ]);
      return writeWatched(out, () => renderRows(out, columns, [...rows], settings));
    },
    async text(text) {
      const { writeWatched } = await import('../output/watched.js');
      return writeWatched(out, () => new Promise<void>((resolve, reject) => out.write(text, (err) => (err ? reject(err) : resolve()))));
    },
    report: (text) => void ctx.io.stderr.write(text),
  };
}

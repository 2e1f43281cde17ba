// The bulk features' view of a command's Context (src/bulk/env.ts): narrow, so src/bulk depends
// on the SDK and the Ui only.
import type { BulkEnv } from '../bulk/env.js';
import type { Context } from '../context.js';

export function bulkEnv(ctx: Context): BulkEnv {
  return {
    io: ctx.io,
    dryRun: ctx.globals.dryRun === true,
    raw: Boolean(ctx.globals.raw),
    interactive: ctx.interactive,
    configDir: ctx.configDir,
    ui: () => ctx.ui(),
    sdk: () => ctx.sdk(),
    reader: () => ctx.readingSdk(),
    async confirm(question, opts) {
      const { createPrompter } = await import('../prompt.js');
      return createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive }).confirm(question, opts);
    },
  };
}

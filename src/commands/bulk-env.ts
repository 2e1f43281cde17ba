// The bulk features' view of a command's Context (src/bulk/env.ts): narrow, so src/bulk depends
// on the SDK and the Ui only.
import type { ApiClient } from '../api/types.js';
import type { BulkEnv } from '../bulk/env.js';
import { Context } from '../context.js';
import type { MasgClient } from '../sdk/types.js';

export function bulkEnv(ctx: Context): BulkEnv {
  return {
    io: ctx.io,
    dryRun: ctx.globals.dryRun === true,
    raw: Boolean(ctx.globals.raw),
    interactive: ctx.interactive,
    configDir: ctx.configDir,
    ui: () => ctx.ui(),
    sdk: () => ctx.sdk(),
    reader: () => readingSdk(ctx),
    async confirm(question, opts) {
      const { createPrompter } = await import('../prompt.js');
      return createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive }).confirm(question, opts);
    },
  };
}

/**
 * A plan needs the current state even under --dry-run, whose client describes requests instead
 * of sending them. This client sends (the one read-only list call) with the same credentials,
 * timeout, --debug and redaction; changes still go through the context's own client.
 */
async function readingSdk(ctx: Context): Promise<MasgClient> {
  if (!ctx.globals.dryRun) return ctx.sdk();
  const [{ clientOver }, creds, client] = await Promise.all([import('../sdk/client.js'), ctx.credentials(), readingClient(ctx)]);
  return clientOver(() => client, { timeZone: creds.timezone });
}

/** The transport under readingSdk (short-ID resolution reads with it too). */
export async function readingClient(ctx: Context): Promise<ApiClient> {
  if (!ctx.globals.dryRun) return ctx.client();
  const reader = new Context(ctx.io, { ...ctx.globals, dryRun: false }, ctx.version);
  const client = await reader.createClient(await ctx.credentials());
  ctx.onClose(() => reader.close());
  return client;
}

// A plan needs the current state even under --dry-run, whose client describes requests instead
// of sending them. This client sends (the one read-only list call) with the same credentials,
// timeout, --debug and redaction; changes still go through the context's own client.
import type { ApiClient } from '../api/types.js';
import { Context } from '../context.js';

export async function readingClient(ctx: Context): Promise<ApiClient> {
  if (!ctx.globals.dryRun) return ctx.client();
  const reader = new Context(ctx.io, { ...ctx.globals, dryRun: false }, ctx.version);
  const client = await reader.createClient(await ctx.credentials());
  ctx.onClose(() => reader.close());
  return client;
}

// --raw: send the very request the typed API function would send and print the body unchanged.
import type { ApiClient, ApiRequest } from '../api/types.js';
import type { Context } from '../context.js';
import type { CommandResult } from './define.js';

export async function rawOr(
  ctx: Context,
  request: ApiRequest,
  typed: (client: ApiClient) => Promise<CommandResult>,
): Promise<CommandResult> {
  const client = await ctx.client();
  if (ctx.globals.raw) {
    const response = await client.request({ ...request, format: ctx.globals.raw });
    return { kind: 'raw', body: response.body };
  }
  return typed(client);
}

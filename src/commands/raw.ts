// --raw: send the very request the typed API function would send and print the body unchanged.
import type { ApiClient, ApiRequest, ApiResponse } from '../api/types.js';
import type { Context } from '../context.js';
import type { CommandResult } from './define.js';

export async function rawOr(
  ctx: Context,
  request: ApiRequest,
  typed: (client: ApiClient) => Promise<CommandResult>,
  /** Reads the raw answer for a failure the exit code must still report (an ignored status move). */
  check?: (response: ApiResponse) => Error | undefined,
): Promise<CommandResult> {
  const client = await ctx.client();
  if (ctx.globals.raw) {
    const response = await client.request({ ...request, format: ctx.globals.raw });
    return { kind: 'raw', body: response.body, failure: check?.(response) };
  }
  return typed(client);
}

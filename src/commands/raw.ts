// --raw: send the very request the typed SDK method would send (through the SDK's request())
// and print the body unchanged.
import type { ApiRequest } from '../api/types.js';
import type { Context } from '../context.js';
import type { MasgClient, RawResponse } from '../sdk/types.js';
import type { CommandResult } from './define.js';

export async function rawOr(
  ctx: Context,
  request: ApiRequest,
  typed: (client: MasgClient) => CommandResult | Promise<CommandResult>,
  /** Reads the raw answer for a failure the exit code must still report (an ignored status move). */
  check?: (response: RawResponse) => Error | undefined,
): Promise<CommandResult> {
  const client = await ctx.sdk();
  if (ctx.globals.raw) {
    const { asRawRequest } = await import('../sdk/requests.js');
    const response = await client.request(asRawRequest(request, ctx.globals.raw));
    return { kind: 'raw', body: response.body, bytes: response.bytes, failure: check?.(response) };
  }
  return typed(client);
}

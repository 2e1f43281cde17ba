// --raw: send the very request the typed SDK method would send (through the SDK's request())
// and print the body unchanged. --dry-run: describe that request instead, sending nothing.
import type { ApiRequest } from '../transport/types.js';
import type { Context } from '../context.js';
import type { DryRun, MasgClient, RawResponse } from '../sdk/types.js';
import type { CommandResult } from './define.js';

export interface RawOptions {
  /** Reads the raw answer for a failure the exit code must still report (an ignored status move). */
  check?: (response: RawResponse) => Error | undefined;
  /** --out FILE: the body goes there, as received, atomically. */
  out?: string;
}

export async function rawOr(
  ctx: Context,
  request: ApiRequest,
  typed: (client: MasgClient) => CommandResult | Promise<CommandResult>,
  how: RawOptions = {},
): Promise<CommandResult> {
  const client = await ctx.sdk();
  const { raw, dryRun } = ctx.globals;
  if (!raw && !dryRun) return typed(client);
  const sent = (await import('../sdk/requests.js')).asRawRequest(request, raw);
  if (dryRun) return dryRunResult([await client.request(sent, { dryRun: true })]);
  const response = await client.request(sent);
  return { kind: 'raw', body: response.body, bytes: response.bytes, failure: how.check?.(response), out: how.out };
}

/** What --dry-run prints: each described request's text, in order. */
export function dryRunResult(plans: DryRun[]): CommandResult {
  return { kind: 'dry-run', requests: plans.flatMap((plan) => plan.requests.map((r) => r.text)) };
}

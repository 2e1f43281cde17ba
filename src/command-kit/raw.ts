// --raw: send the very request the typed SDK method would send (through the SDK's request())
// and print the body unchanged. --dry-run: the SDK method the run would call, asked with
// `{ dryRun: true }` (the typed one, or request() under --raw), rendered as one DryRunPlan.
import type { ApiRequest } from '../transport/types.js';
import type { Context } from '../context.js';
import type { DryRun, MasgClient, RawResponse } from '../sdk/types.js';
import type { CommandResult } from './define.js';
import { dryRunPlan } from '../output/dry-run.js';

export interface RawOptions {
  /** --dry-run: the typed SDK method the command calls, with `{ dryRun: true }`. */
  dryRun: (client: MasgClient) => Promise<DryRun>;
  /** Reads the raw answer for a failure the exit code must still report (an ignored status move). */
  check?: (response: RawResponse) => Error | undefined;
  /** --out FILE: the body goes there, as received, atomically. */
  out?: string;
}

export async function rawOr(
  ctx: Context,
  request: ApiRequest,
  typed: (client: MasgClient) => CommandResult | Promise<CommandResult>,
  how: RawOptions,
): Promise<CommandResult> {
  const client = await ctx.sdk();
  const { raw, dryRun } = ctx.globals;
  if (!raw) return dryRun ? dryRunResult([await how.dryRun(client)]) : typed(client);
  const sent = (await import('../sdk/requests.js')).asRawRequest(request, raw);
  if (dryRun) return dryRunResult([await client.request(sent, { dryRun: true })]);
  const response = await client.request(sent);
  return { kind: 'raw', body: response.body, bytes: response.bytes, failure: how.check?.(response), out: how.out };
}

/** What --dry-run hands to the renderer: the SDK's described requests, in order, and the plan's own notes. */
export function dryRunResult(described: DryRun[], notes: string[] = []): CommandResult {
  return { kind: 'dry-run', plan: dryRunPlan(described, notes) };
}

// --raw and --dry-run are options of the SDK call the command makes anyway: the command states its
// call once, `(client, mode) => client.getPublication(id, mode)`, and this asks it for the records,
// for the raw answer of that very request (`{ raw }`: the body printed unchanged), or for its
// description (`{ dryRun: true }`, rendered as one DryRunPlan).
import type { Context } from '../context.js';
import type { AnyCallOptions, DryRun, MasgClient, RawResponse } from '../sdk/types.js';
import type { CommandResult } from './define.js';
import { dryRunPlan } from '../output/dry-run.js';

export interface RawOptions {
  /** Reads the raw answer for a failure the exit code must still report (an ignored status move). */
  check?: (response: RawResponse) => Error | undefined;
  /** --out FILE: the body goes there, as received, atomically. */
  out?: string;
}

/** What a call answers when neither --raw nor --dry-run is given: a list, or the promise of a record. */
type Records<R> = [R] extends [Promise<infer X>] ? Promise<Exclude<X, RawResponse | DryRun>> : Exclude<R, Promise<unknown>>;

/** The command's one SDK call, made in the mode the global flags ask for. */
export async function sdkCall<R>(
  ctx: Context,
  call: (client: MasgClient, mode: AnyCallOptions) => R,
  /** Given the call itself, made when it is wanted (a record's names may be looked up beside it). */
  typed: (records: () => Records<R>, client: MasgClient) => CommandResult | Promise<CommandResult>,
  how: RawOptions = {},
): Promise<CommandResult> {
  const client = await ctx.sdk();
  const { raw, dryRun } = ctx.globals;
  if (dryRun) return dryRunResult([(await call(client, { dryRun: true, raw: raw ?? false })) as DryRun]);
  if (!raw) return typed(() => call(client, {}) as Records<R>, client);
  const response = (await call(client, { raw })) as RawResponse;
  return { kind: 'raw', body: response.body, bytes: response.bytes, failure: how.check?.(response), out: how.out };
}

/** What --dry-run hands to the renderer: the SDK's described requests, in order, and the plan's own notes. */
export function dryRunResult(described: DryRun[], notes: string[] = []): CommandResult {
  return { kind: 'dry-run', plan: dryRunPlan(described, notes) };
}

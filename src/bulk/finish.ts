// How a multi-item run ends: success, the first failure (its own exit code: 5 for a refusal, 6
// for the network…), or with --continue-on-error a PartialError (exit 8) when some items failed.
import { AuthError, InterruptedError, PartialError } from '../errors.js';
import type { Outcome } from './apply.js';

export interface Failure {
  /** "line 7 (9a1e…)" or "9a1e…": where the failure belongs, for the message. */
  where: string;
  error: Error;
}

export function failuresOf<R>(outcomes: readonly Outcome<R>[], where: (index: number) => string): Failure[] {
  return outcomes.flatMap((o, i) => (o.kind === 'failed' ? [{ where: where(i), error: o.error }] : []));
}

export function endOfRun(opts: {
  failures: readonly Failure[];
  total: number;
  continueOnError: boolean;
  aborted: boolean;
  /** Where the per-item results went, for the message; undefined when they were printed. */
  results?: string;
}): Error | undefined {
  if (opts.aborted) return new InterruptedError();
  const first = opts.failures[0];
  if (!first) return undefined;
  // Fatal for every item alike: the same error, whatever --continue-on-error says.
  const fatal = opts.failures.find((f) => f.error instanceof AuthError || f.error instanceof InterruptedError);
  if (opts.continueOnError && !fatal) {
    const n = opts.failures.length;
    return new PartialError(`${n} of ${opts.total} ${opts.total === 1 ? "item" : "items"} failed (first: ${first.where}: ${first.error.message}).`, {
      hint: opts.results ? `Each row's result is in ${opts.results}.` : undefined,
    });
  }
  const { error, where } = fatal ?? first;
  // The error keeps its class (and exit code); the message says which item it was.
  error.message = `${where}: ${error.message}`;
  if (opts.results && 'hint' in error && error.hint === undefined) (error as { hint?: string }).hint = `Each row's result is in ${opts.results}.`;
  return error;
}

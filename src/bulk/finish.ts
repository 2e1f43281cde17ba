// How a multi-item run ends: success, the first failure (its own exit code: 5 for a refusal, 6
// for the network…), or with --continue-on-error a PartialError (exit 8) when some items failed.
import { AuthError, InterruptedError, LocalIOError, PartialError } from '../core/errors.js';
import type { Outcome } from './apply.js';
import { causeOf } from '../core/local-io.js';
import type { ResultsLost } from './results.js';

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
    return new PartialError(
      `${n} of ${opts.total} ${opts.total === 1 ? 'item' : 'items'} failed (first: ${first.where}: ${first.error.message}).`,
      {
        hint: opts.results ? `Each row's result is in ${opts.results}.` : undefined,
      },
    );
  }
  const { error, where } = fatal ?? first;
  error.message = `${where}: ${error.message}`;
  if (opts.results && 'hint' in error && error.hint === undefined)
    (error as { hint?: string }).hint = `Each row's result is in ${opts.results}.`;
  return error;
}

/**
 * Applied, but the results file failed: the results go to stderr unless a fallback file took them,
 * and the error (exit 7) says what was applied and where the results are.
 */
export function resultsLost(
  report: (text: string) => void,
  lost: ResultsLost,
  opts: { summary: string; end?: Error; newIds?: readonly string[]; columns: string },
): LocalIOError {
  if (!lost.fallback) report(`masg: the results (${opts.columns}), which could not be saved:\n${lost.text}`);
  else if (opts.newIds && opts.newIds.length > 0) report(`masg: new IDs (also in ${lost.fallback}):\n${opts.newIds.join('\n')}\n`);
  const where = lost.fallback ? `The results are in ${lost.fallback} instead.` : 'The results are printed above (stderr): keep them.';
  const hint = [
    where,
    opts.newIds ? 'Running the same file again would create these ad slots a second time.' : undefined,
    opts.end ? `Besides: ${opts.end.message}` : undefined,
    lost.error.hint,
  ]
    .filter(Boolean)
    .join('\n');
  const cause = causeOf(lost.error.cause ?? lost.error);
  const path = lost.error.path;
  return new LocalIOError(`${opts.summary} But the results could not be written to ${path}: ${cause}.`, {
    path,
    errno: lost.error.errno,
    cause: lost.error,
    hint,
  });
}

// Runs the items of a multi-item operation (bulk rows, several IDs) with bounded concurrency and
// records an outcome for every item, so a results file can account for each one. Without
// --continue-on-error the first failure stops scheduling: requests already in flight finish
// (they cannot be unsent) and everything not yet started is `skipped`.
import { AuthError, InterruptedError } from '../core/errors.js';
import { mapConcurrent } from '../core/pool.js';

export type Outcome<R> = { kind: 'done'; value: R } | { kind: 'failed'; error: Error } | { kind: 'skipped' };

export interface ApplyOptions {
  concurrency: number;
  continueOnError: boolean;
  /** Ctrl-C: nothing new starts; requests in flight are aborted by the client itself. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export async function applyAll<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, opts: ApplyOptions): Promise<Outcome<R>[]> {
  let stopped = false;
  let finished = 0;
  // mapConcurrent rejects on the first error; every error is caught here and becomes an outcome,
  // so it always runs to the end and every item gets one.
  return mapConcurrent(items, opts.concurrency, async (item): Promise<Outcome<R>> => {
    if (stopped || opts.signal?.aborted) return { kind: 'skipped' };
    try {
      return { kind: 'done', value: await fn(item) };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      // Rejected credentials or Ctrl-C fail every later row the same way: stop even with
      // --continue-on-error rather than send hundreds of doomed requests.
      if (!opts.continueOnError || error instanceof AuthError || error instanceof InterruptedError) stopped = true;
      return { kind: 'failed', error };
    } finally {
      opts.onProgress?.(++finished, items.length);
    }
  });
}

/** `updated`, `failed: <message>`, `skipped`: the result column of a results file. */
export function outcomeText<R>(outcome: Outcome<R>, done: string): string {
  if (outcome.kind === 'done') return done;
  if (outcome.kind === 'skipped') return 'skipped';
  return `failed: ${outcome.error.message}`;
}

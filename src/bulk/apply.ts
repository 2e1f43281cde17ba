// Runs the items of a multi-item operation with bounded concurrency, one outcome per item. Without
// --continue-on-error the first failure stops scheduling: in-flight requests finish, the rest is `skipped`.
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
  // Every error becomes an outcome, so mapConcurrent never rejects and every item gets one.
  return mapConcurrent(items, opts.concurrency, async (item): Promise<Outcome<R>> => {
    if (stopped || opts.signal?.aborted) return { kind: 'skipped' };
    try {
      return { kind: 'done', value: await fn(item) };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      // Rejected credentials or Ctrl-C doom every later row: stop even with --continue-on-error.
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

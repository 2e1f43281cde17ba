// Bounded concurrency for --interval day|hour, results in input order so rows come out chronologically.

import { InterruptedError, MasgError, UsageError } from './errors.js';

export interface MapOptions {
  /** Ctrl-C / SIGTERM: stops scheduling, aborts running tasks, rejects with InterruptedError. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_CONCURRENCY = 4;

/** At most `limit` calls at once. The first failure rejects at once (cron should not wait) and aborts the running tasks. */
export function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  opts: MapOptions = {},
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`mapConcurrent: bad limit ${limit}`);
  const controller = new AbortController();
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  let settled = false;

  return new Promise<R[]>((resolve, reject) => {
    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      controller.abort(err);
      reject(err);
    };
    const onAbort = (): void => {
      const reason: unknown = opts.signal?.reason;
      fail(reason instanceof MasgError ? reason : new InterruptedError());
    };
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (): void => {
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(results);
    };
    const launch = (): void => {
      if (settled || next === items.length) return;
      const index = next++;
      // Through then(): a synchronous throw in fn, or in onProgress, is a failure like any other.
      Promise.resolve()
        .then(() => fn(items[index], index, controller.signal))
        .then((value) => {
          if (settled) return;
          results[index] = value;
          done++;
          opts.onProgress?.(done, items.length);
          if (done === items.length) finish();
          else launch();
        })
        .catch(fail);
    };
    if (items.length === 0) return finish();
    for (let i = 0; i < Math.min(limit, items.length); i++) launch();
  });
}

/** The one cap on --concurrency and on the SDK's forEachAccount: more only hurts the service. */
export const MAX_CONCURRENCY = 16;

/**
 * `--concurrency <n>`, parsed once by commander (every command that takes it declares this as its
 * parser): a whole number from 1 to MAX_CONCURRENCY. Undefined is the default.
 */
export function parseConcurrency(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_CONCURRENCY;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(n >= 1 && n <= MAX_CONCURRENCY)) {
    throw new UsageError(`--concurrency: "${raw}" is not a whole number from 1 to ${MAX_CONCURRENCY}.`, { field: '--concurrency' });
  }
  return n;
}

/** The same rule for a number given to the SDK, naming its field. */
export function checkConcurrency(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new UsageError(`${field}: expected a whole number from 1 to ${MAX_CONCURRENCY}, got ${String(value)}.`, { field });
  }
  return value;
}

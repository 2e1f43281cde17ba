// A statistics report whose body broke mid-way: the transport cannot retry it (its records were
// already handed out), so the consumer reads it again from its start, within the same --retries
// and --deadline as every other request, with the transport's backoff.

import type { NetworkError } from '../core/errors.js';
import { isBrokenStream } from './stats.js';
import { DEFAULT_POLICY, Transient, withRetries } from '../transport/retry.js';

export interface StreamRetryOptions {
  /** Extra attempts after the first. */
  retries: number;
  /** performance.now() time by which everything must be done. */
  deadlineAt?: number;
  signal?: AbortSignal;
  /** Before each new attempt: for a line saying so. */
  onRetry?: (info: { next: number; of: number; delayMs: number }) => void;
}

/**
 * Runs `attempt(n)` (n from 1) and again from the start when it fails with a broken statistics
 * stream; any other failure, or the last attempt's, is thrown as is. A failed attempt must leave
 * nothing behind: it keeps what it read apart until it has ended whole, or it withdraws what it
 * handed on before it fails (the sync's publisher reports, src/warehouse/sync-fetch.ts).
 */
export async function retryBrokenStream<T>(attempt: (n: number) => Promise<T>, opts: StreamRetryOptions): Promise<T> {
  return withRetries(
    async (n) => {
      try {
        return await attempt(n);
      } catch (err) {
        if (isBrokenStream(err)) throw new Transient(err as NetworkError, 'a broken stream');
        throw err;
      }
    },
    { ...DEFAULT_POLICY, retries: opts.retries, deadlineAt: opts.deadlineAt },
    { signal: opts.signal, onRetry: opts.onRetry },
  );
}

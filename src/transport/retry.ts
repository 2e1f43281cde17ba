// The retry policy: whether and when to retry a Transient, testable without a network. The
// transport decides what is *safe* to retry (GETs only).
import { InterruptedError, type MasgError } from '../core/errors.js';

/** A failure a later attempt may not repeat. `error` is what the user sees if no retry happens. */
export class Transient extends Error {
  constructor(
    readonly error: MasgError,
    /** For the retry line: "HTTP 503", "a timeout". */
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

export interface RetryPolicy {
  /** Extra attempts after the first. */
  retries: number;
  /** performance.now() time by which everything must be done. */
  deadlineAt?: number;
  /** First backoff ceiling; doubles per attempt up to capMs (full jitter below it). */
  baseMs: number;
  capMs: number;
  /** Without a deadline, the longest Retry-After masg is willing to sit through. */
  maxRetryAfterMs: number;
  random: () => number;
  now: () => number;
}

export const DEFAULT_POLICY: Omit<RetryPolicy, 'retries'> = {
  baseMs: 250,
  capMs: 8_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
  now: () => performance.now(),
};

/** Full jitter: clients that failed together do not come back together after a 503 burst. */
export function backoffMs(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs' | 'random'>): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(policy.random() * ceiling);
}

/** Seconds or an HTTP date, as ms from now; fractional seconds too (the sandbox's fast tests). */
export function parseRetryAfter(value: string | undefined, nowEpochMs = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  // Hundreds of digits parse as Infinity: keep a finite number so the messages can quote it.
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Math.round(Number(text) * 1000), Number.MAX_SAFE_INTEGER);
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, date - nowEpochMs);
}

/** 429 and the 5xx that mean "not now" (501 and 505 mean "never", retrying cannot help). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599 && status !== 501 && status !== 505);
}

export type Plan = { retry: true; delayMs: number } | { retry: false; note?: string };

/** After attempt `attempt` (1-based) failed with `failure`: wait and retry, or give up (and why). */
export function planRetry(attempt: number, failure: Transient, policy: RetryPolicy): Plan {
  const attempts = policy.retries + 1;
  if (attempt >= attempts) return { retry: false, note: attempts > 1 ? `Gave up after ${attempts} attempts.` : undefined };
  const wanted = failure.retryAfterMs;
  const delayMs = Math.max(wanted ?? 0, backoffMs(attempt, policy));
  const left = policy.deadlineAt === undefined ? undefined : policy.deadlineAt - policy.now();
  if (wanted !== undefined && left === undefined && wanted > policy.maxRetryAfterMs) {
    return {
      retry: false,
      note: `Not retried: the service asked to wait ${secs(wanted)} (Retry-After), longer than masg waits without a --deadline (${secs(policy.maxRetryAfterMs)}).`,
    };
  }
  // A retry that could only start after the deadline would be a wasted wait: say so at once.
  if (left !== undefined && delayMs >= left) {
    const why =
      wanted !== undefined ? `the service asked to wait ${secs(wanted)} (Retry-After)` : `the next attempt is due in ${secs(delayMs)}`;
    return { retry: false, note: `Not retried: ${why}, past the --deadline (${secs(Math.max(0, left))} left).` };
  }
  return { retry: true, delayMs };
}

export interface RetryHooks {
  signal?: AbortSignal;
  /** Told before each wait: the attempt about to be made (2-based) of how many. */
  onRetry?: (info: { next: number; of: number; delayMs: number; reason: string }) => void;
  /** Awaited before every attempt, the first too: a pause the host imposed on every client (host-gate.ts). */
  beforeAttempt?: () => Promise<void>;
  /** Each retryable failure and what the policy made of it, retried or not. */
  onTransient?: (failure: Transient, plan: Plan) => void;
}

export async function withRetries<T>(once: (attempt: number) => Promise<T>, policy: RetryPolicy, hooks: RetryHooks = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      await hooks.beforeAttempt?.();
      return await once(attempt);
    } catch (err) {
      if (!(err instanceof Transient)) throw err;
      const plan = planRetry(attempt, err, policy);
      hooks.onTransient?.(err, plan);
      if (!plan.retry) {
        if (plan.note) err.error.message = `${err.error.message} ${plan.note}`;
        throw err.error;
      }
      hooks.onRetry?.({ next: attempt + 1, of: policy.retries + 1, delayMs: plan.delayMs, reason: err.reason });
      await sleep(plan.delayMs, hooks.signal);
    }
  }
}

/** Past this setTimeout fires after 1 ms: a huge Retry-After would be a burst of retries. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export function timerMs(ms: number): number {
  return Math.max(0, Math.min(ms, MAX_TIMER_MS));
}

/** Ctrl-C cuts it short (InterruptedError); waits longer than one timer allows are chained. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  for (let left = Math.max(0, ms); ; left -= MAX_TIMER_MS) {
    await sleepOnce(timerMs(left), signal);
    if (left <= MAX_TIMER_MS) return;
  }
}

function sleepOnce(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** "1.2 s", "250 ms". */
export function secs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

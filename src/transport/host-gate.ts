// One pause per host, shared by the clients given the same HostGates: a 429 or a Retry-After that
// one account's request meets holds every account's next request to that host until the pause is
// over, instead of each account finding out with a 429 of its own.
import { NetworkError } from '../core/errors.js';
import { sleep as realSleep, type Plan, type RetryHooks, type RetryPolicy, type Transient } from './retry.js';

export interface HostGateOptions {
  /** performance.now() by default. */
  now?: () => number;
  /** How a wait sleeps (tests count the waits); rejects with InterruptedError on abort. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type GateHooks = Required<Pick<RetryHooks, 'beforeAttempt' | 'onTransient'>>;

export class HostGates {
  private readonly until = new Map<string, number>();
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(opts: HostGateOptions = {}) {
    this.now = opts.now ?? (() => performance.now());
    this.sleep = opts.sleep ?? realSleep;
  }

  /** Hold `host` ("name:port") for at least `ms` from now; a shorter pause never cuts a longer one. */
  pause(host: string, ms: number): void {
    if (!(ms > 0)) return;
    const end = this.now() + ms;
    if (end > (this.until.get(host) ?? 0)) this.until.set(host, end);
  }

  /** Milliseconds left of the host's pause (0: none). */
  remaining(host: string): number {
    const end = this.until.get(host);
    if (end === undefined) return 0;
    const left = end - this.now();
    if (left <= 0) this.until.delete(host);
    return Math.max(0, left);
  }

  /** The retry hooks that make a client wait out, and set, its host's pause (a method: the transport loads no module for it). */
  hooks(host: string, signal: AbortSignal | undefined, policy: Pick<RetryPolicy, 'deadlineAt' | 'maxRetryAfterMs'>): GateHooks {
    return {
      beforeAttempt: () => this.wait(host, signal, policy.deadlineAt),
      onTransient: (failure, plan) => this.pause(host, hostPauseMs(failure, plan, policy.maxRetryAfterMs)),
    };
  }

  /**
   * Waits out the host's pause, again if another 429 extended it meanwhile. `notAfter` (a
   * performance.now() instant, the deadline) stops the wait there: the request then meets its deadline.
   */
  async wait(host: string, signal?: AbortSignal, notAfter?: number): Promise<void> {
    // Loops only when the pause was extended while sleeping: never spins on the same one.
    for (let waited: number | undefined; ;) {
      const end = this.until.get(host);
      if (end === undefined || end === waited) return;
      const left = Math.min(end, notAfter ?? Infinity) - this.now();
      if (left <= 0) {
        if (end <= this.now()) this.until.delete(host);
        return;
      }
      waited = end;
      await this.sleep(left, signal);
    }
  }
}

/** How long a failure holds its host: a 429 or a Retry-After, for what was asked (or the backoff), capped. */
export function hostPauseMs(failure: Transient, plan: Plan, capMs: number): number {
  const status = failure.error instanceof NetworkError ? failure.error.status : undefined;
  if (status !== 429 && failure.retryAfterMs === undefined) return 0;
  return Math.min(failure.retryAfterMs ?? (plan.retry ? plan.delayMs : 0), capMs);
}

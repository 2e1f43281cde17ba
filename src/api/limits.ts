// The time limit of one attempt: --timeout, or what is left of --deadline when that is sooner,
// and the caller's signal (Ctrl-C). `rearm()` hands a stream's body over to the deadline alone
// (undici's bodyTimeout still catches a body that stalls).
import { timerMs } from './retry.js';

export interface Limits {
  /** Aborts the attempt: time is up, or the caller gave up. */
  readonly signal: AbortSignal;
  /** Our own timer fired (the abort error does not say why). */
  timedOut(): boolean;
  /** ...and it was the overall deadline, not the per-attempt timeout. */
  deadlineHit(): boolean;
  clear(): void;
  rearm(): void;
}

export function createLimits(opts: { timeoutMs: number; deadlineAt?: number; now: () => number; signal?: AbortSignal }): Limits {
  const controller = new AbortController();
  // setTimeout overflows past 2^31-1 ms and would fire at once (timerMs caps it).
  const arm = (ms: number) => setTimeout(() => controller.abort(), timerMs(ms));
  const left = () => (opts.deadlineAt === undefined ? Infinity : opts.deadlineAt - opts.now());
  let byDeadline = left() <= opts.timeoutMs;
  let timer: NodeJS.Timeout | undefined = arm(Math.min(opts.timeoutMs, left()));
  return {
    signal: opts.signal ? AbortSignal.any([controller.signal, opts.signal]) : controller.signal,
    timedOut: () => controller.signal.aborted,
    deadlineHit: () => controller.signal.aborted && byDeadline,
    clear: () => clearTimeout(timer),
    rearm() {
      clearTimeout(timer);
      byDeadline = true;
      // Outlives the attempt (the caller reads the body); unref'd so it never holds the process open.
      timer = opts.deadlineAt === undefined ? undefined : arm(left()).unref();
    },
  };
}

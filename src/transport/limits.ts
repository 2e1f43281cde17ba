// One attempt's limit: --timeout, what is left of --deadline when sooner, and Ctrl-C. `rearm()`
// leaves a stream's body to the deadline alone (undici's bodyTimeout still catches a stall).
import { timerMs } from './retry.js';

export interface Limits {
  readonly signal: AbortSignal;
  /** Our own timer fired (the abort error does not say why). */
  timedOut(): boolean;
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
      // Outlives the attempt (the caller reads the body), so unref'd.
      timer = opts.deadlineAt === undefined ? undefined : arm(left()).unref();
    },
  };
}

// How far fetching may run ahead of committing: a day's requests wait until an earlier day is
// committed, so that a long range never stages more than a couple of days at once.

interface Waiter {
  day: number;
  resolve(): void;
  reject(reason: unknown): void;
}

export class CommitWindow {
  /** The last day committed (days commit in order); -1 before the first. */
  private through = -1;
  private waiting: Waiter[] = [];

  /**
   * Every wait ends with `signal` (the run's): one listener for all the tasks waiting, however many
   * --concurrency lets wait at once (past 10 on one signal Node warns of a leak on stderr).
   */
  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', () => this.waiting.splice(0).forEach((w) => w.reject(signal.reason)), { once: true });
  }

  /** Resolves once day `day` is committed, at once for a day before the first; rejects on abort. */
  reached(day: number): Promise<void> {
    if (day <= this.through) return Promise.resolve();
    if (this.signal.aborted) return Promise.reject(this.signal.reason as Error);
    return new Promise<void>((resolve, reject) => this.waiting.push({ day, resolve, reject }));
  }

  advance(day: number): void {
    this.through = day;
    const ready = this.waiting.filter((w) => w.day <= day);
    this.waiting = this.waiting.filter((w) => w.day > day);
    for (const w of ready) w.resolve();
  }
}

/** Runs `fn` when one of the limit's slots is free: the requests of every account of a sync share --concurrency. */
export type Limiter = <T>(fn: () => Promise<T>, signal: AbortSignal) => Promise<T>;

export function limiter(slots: number): Limiter {
  let free = slots;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  return async (fn, signal) => {
    if (free > 0) free--;
    else {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const i = queue.indexOf(go);
          if (i >= 0) queue.splice(i, 1);
          reject(signal.reason as Error);
        };
        const go = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(go);
      });
    }
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

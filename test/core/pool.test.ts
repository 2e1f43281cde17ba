import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { InterruptedError, NetworkError, UsageError } from '../../src/core/errors.js';
import { DEFAULT_CONCURRENCY, mapConcurrent, parseConcurrency } from '../../src/core/pool.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A task whose outcome the test decides, recording the signal it was given. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Run tasks under control: `tasks[i]` settles item i; `started` lists indexes in start order. */
function controlled(n: number) {
  const tasks = Array.from({ length: n }, () => deferred<string>());
  const started: number[] = [];
  const signals: AbortSignal[] = [];
  const fn = (_item: number, i: number, signal: AbortSignal) => {
    started.push(i);
    signals[i] = signal;
    return tasks[i]!.promise;
  };
  return { tasks, started, signals, fn, items: Array.from({ length: n }, (_, i) => i) };
}

const tick = () => sleep(0);

describe('mapConcurrent', () => {
  it.each([1, 2, 4, 7, 50])('never runs more than %i tasks at once, and reaches the limit', async (limit) => {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 30 }, (_, i) => i);
    const out = await mapConcurrent(items, limit, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await sleep((i * 7) % 5); // uneven durations
      running--;
      return i * 2;
    });
    expect(peak).toBe(Math.min(limit, items.length));
    expect(out).toEqual(items.map((i) => i * 2));
  });

  it('keeps input order whatever finishes first', async () => {
    const items = [50, 10, 30, 0, 20];
    const finished: number[] = [];
    const out = await mapConcurrent(items, 5, async (ms) => {
      await sleep(ms);
      finished.push(ms);
      return `${ms}ms`;
    });
    expect(finished).toEqual([0, 10, 20, 30, 50]);
    expect(out).toEqual(['50ms', '10ms', '30ms', '0ms', '20ms']);
  });

  it('starts the next item as soon as one finishes', async () => {
    const c = controlled(5);
    const result = mapConcurrent(c.items, 2, c.fn);
    await tick();
    expect(c.started).toEqual([0, 1]);
    c.tasks[1]!.resolve('b');
    await tick();
    expect(c.started).toEqual([0, 1, 2]);
    for (const t of c.tasks) t.resolve('x');
    expect(await result).toEqual(['x', 'b', 'x', 'x', 'x']);
  });

  it('rejects at the first failure without waiting, aborts running tasks and starts no more', async () => {
    const c = controlled(10);
    const result = mapConcurrent(c.items, 3, c.fn);
    const failure = new NetworkError('HTTP 502 from a proxy');
    await tick();
    c.tasks[1]!.reject(failure);
    await expect(result).rejects.toBe(failure); // tasks 0 and 2 are still running
    expect(c.signals[0]!.aborted).toBe(true);
    expect(c.signals[2]!.aborted).toBe(true);
    // The stragglers settle later, one with a second error: ignored, nothing more is started.
    c.tasks[0]!.resolve('late');
    c.tasks[2]!.reject(new Error('aborted'));
    await sleep(5);
    expect(c.started).toEqual([0, 1, 2]);
  });

  it('a synchronous throw in fn is a failure like any other', async () => {
    const boom = new Error('boom');
    await expect(
      mapConcurrent([1, 2], 2, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('an abort (Ctrl-C) stops everything with InterruptedError', async () => {
    const c = controlled(6);
    const ctrl = new AbortController();
    const result = mapConcurrent(c.items, 2, c.fn, { signal: ctrl.signal });
    await tick();
    c.tasks[0]!.resolve('a');
    await tick();
    ctrl.abort();
    await expect(result).rejects.toBeInstanceOf(InterruptedError);
    expect(c.signals[1]!.aborted && c.signals[2]!.aborted).toBe(true);
    c.tasks[1]!.resolve('late');
    await sleep(5);
    expect(c.started).toEqual([0, 1, 2]);
  });

  it('an abort whose reason is a masg error rejects with that error', async () => {
    const ctrl = new AbortController();
    const reason = new InterruptedError('Interrupted by SIGTERM.');
    const result = mapConcurrent([1], 1, () => new Promise<never>(() => {}), { signal: ctrl.signal });
    ctrl.abort(reason);
    await expect(result).rejects.toBe(reason);
  });

  it('an already aborted signal starts nothing', async () => {
    let calls = 0;
    const result = mapConcurrent([1, 2, 3], 2, async () => calls++, { signal: AbortSignal.abort() });
    await expect(result).rejects.toBeInstanceOf(InterruptedError);
    expect(calls).toBe(0);
  });

  it('reports progress after each completion', async () => {
    const progress: Array<[number, number]> = [];
    await mapConcurrent([3, 1, 2], 2, (ms) => sleep(ms), { onProgress: (d, t) => progress.push([d, t]) });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('no items: resolves to [] without calling fn', async () => {
    expect(await mapConcurrent([], 4, () => Promise.reject(new Error('called')))).toEqual([]);
  });

  it("leaves no listener on the caller's signal", async () => {
    const ctrl = new AbortController();
    await mapConcurrent([1, 2], 2, async (x) => x, { signal: ctrl.signal });
    expect(getEventListeners(ctrl.signal, 'abort')).toHaveLength(0);
    // A failure too: the listener goes with the first rejection.
    await expect(mapConcurrent([1, 2], 2, () => Promise.reject(new Error('x')), { signal: ctrl.signal })).rejects.toThrow('x');
    expect(getEventListeners(ctrl.signal, 'abort')).toHaveLength(0);
    ctrl.abort(); // would reject an already-settled promise: must be harmless
    await tick();
  });

  it.each([0, -1, 1.5, NaN])('refuses limit %s', (limit) => {
    expect(() => mapConcurrent([1], limit, async () => 1)).toThrow(RangeError);
  });
});

describe('parseConcurrency', () => {
  it.each([
    [undefined, DEFAULT_CONCURRENCY],
    ['1', 1],
    ['4', 4],
    [' 16 ', 16],
  ] as const)('%j → %i', (raw, n) => {
    expect(parseConcurrency(raw)).toBe(n);
  });

  it.each(['0', '17', '-1', '2.5', 'four', '', '1e1'])('%j is refused, naming --concurrency', (raw) => {
    expect(() => parseConcurrency(raw)).toThrow(UsageError);
    expect(() => parseConcurrency(raw)).toThrow(/^--concurrency: /);
  });
});

// HostGates on a fake clock: how long a host is held, by whom, and that a wait never spins.
import { describe, expect, it } from 'vitest';
import { InterruptedError, NetworkError } from '../../src/core/errors.js';
import { HostGates, hostPauseMs } from '../../src/transport/host-gate.js';
import { Transient, sleep } from '../../src/transport/retry.js';

function fakeClock() {
  let now = 1_000;
  const slept: number[] = [];
  const hooks: Array<() => void> = [];
  const gates = new HostGates({
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new InterruptedError();
      slept.push(ms);
      now += ms;
      hooks.shift()?.();
    },
  });
  return { gates, slept, hooks, advance: (ms: number) => (now += ms) };
}

describe('HostGates', () => {
  it('holds a host for the pause, per host, and a shorter pause never cuts a longer one', async () => {
    const { gates, slept, advance } = fakeClock();
    gates.pause('http://a:1', 500);
    gates.pause('http://a:1', 100);
    expect(gates.remaining('http://a:1')).toBe(500);
    expect(gates.remaining('http://b:1')).toBe(0);
    advance(200);
    await gates.wait('http://a:1');
    expect(slept).toEqual([300]);
    await gates.wait('http://a:1');
    await gates.wait('http://b:1');
    expect(slept).toEqual([300]);
  });

  it('waits again when another 429 extends the pause meanwhile', async () => {
    const { gates, slept, hooks } = fakeClock();
    gates.pause('h', 100);
    hooks.push(() => gates.pause('h', 250));
    await gates.wait('h');
    expect(slept).toEqual([100, 250]);
  });

  it('stops at the deadline, and a sleep that does not move the clock cannot make it spin', async () => {
    const { gates, slept } = fakeClock();
    gates.pause('h', 1_000);
    await gates.wait('h', undefined, 1_000 + 400);
    expect(slept).toEqual([400]);
    const frozen = new HostGates({ now: () => 0, sleep: () => Promise.resolve() });
    frozen.pause('h', 50);
    await frozen.wait('h');
  });

  it('an aborted wait rejects with InterruptedError', async () => {
    const gates = new HostGates({ sleep });
    gates.pause('h', 60_000);
    await expect(gates.wait('h', AbortSignal.abort())).rejects.toBeInstanceOf(InterruptedError);
  });

  it('a 429 or a Retry-After holds the host (capped); a 503 without Retry-After does not', () => {
    const failure = (status: number, retryAfterMs?: number) =>
      new Transient(new NetworkError('x', { status }), `HTTP ${status}`, retryAfterMs);
    expect(hostPauseMs(failure(429, 2_000), { retry: true, delayMs: 2_000 }, 60_000)).toBe(2_000);
    expect(hostPauseMs(failure(429), { retry: true, delayMs: 180 }, 60_000)).toBe(180);
    expect(hostPauseMs(failure(503, 5_000), { retry: false }, 60_000)).toBe(5_000);
    expect(hostPauseMs(failure(429, 3_600_000), { retry: false }, 60_000)).toBe(60_000);
    expect(hostPauseMs(failure(503), { retry: true, delayMs: 180 }, 60_000)).toBe(0);
  });
});

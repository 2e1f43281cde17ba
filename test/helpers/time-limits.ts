// Only the slow tier (test/e2e, test/stress) still uses these: `npm test` asserts no upper bound
// on wall-clock time (counts, ordering and fake timers instead). Wall-clock limits are what an idle machine needs. A loaded machine (CI beside other
// jobs, a shared 2-core box) gets more time in proportion, so that a limit proves "it does not
// hang" without failing on a slow moment. Lower bounds ("waited at least 2.9 s") need no scaling.
import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times slower than idle the machine runs now: MASG_TEST_SLOWDOWN when set, else the
 * 1-minute load average per CPU, never less than 1 (a busy machine only ever adds time).
 */
export function slowdown(): number {
  const forced = Number(process.env.MASG_TEST_SLOWDOWN);
  if (Number.isFinite(forced) && forced >= 1) return forced;
  return Math.max(1, loadavg()[0]! / availableParallelism());
}

/** `ms`, scaled by the machine's current slowdown. */
export function limit(ms: number): number {
  return Math.round(ms * slowdown());
}

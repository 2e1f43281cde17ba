// A process run at a fixed instant: libfaketime's `faketime` (Debian's package; .ci/run installs
// it) in front of the command, the wall clock set and the monotonic clock left alone, so that
// timers behave. For output that follows the date (the sandbox's demo figures are the day's own).
import { spawnSync } from 'node:child_process';

/** Whether `faketime` is here (the tests that need it skip otherwise). */
export const hasFaketime = spawnSync('faketime', ['--version']).status === 0;

/** The words to put before a command so that it reads `instant` ("2026-11-30 20:00:00", UTC) as now. */
export function atInstant(instant: string): string[] {
  return ['faketime', '-m', '--exclude-monotonic', '-f', `@${instant}`];
}

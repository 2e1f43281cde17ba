// Ctrl-C ends every command at once, whatever its reader does: a statistics report, in each data
// format and as a table, written to a pipe whose reader stopped reading, is exit 130 within a
// second of SIGINT (and of SIGTERM). The built binary against its embedded sandbox; the report is
// many times a pipe's 64 KiB, so masg is waiting for the reader when the signal comes.
import { closeSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { blocked, fifo } from '../helpers/stalled-pipe.js';
import { limit } from '../helpers/time-limits.js';

// An hour per row for every ad slot over 20 days: about 0.5 MB as csv, 0.9 MB as a table.
const REPORT = ['--sandbox', 'pub', 'stats', '--level', 'adslot', '--interval', 'hour', '--from', '2026-11-01', '--to', '2026-11-20'];

afterAll(() => removeTempDirs());

describe('a report to a reader that stopped reading', () => {
  it.each([
    ['csv', 'SIGINT'],
    ['json', 'SIGINT'],
    ['table', 'SIGINT'],
    ['csv', 'SIGTERM'],
  ] as const)(
    '-o %s, %s: exit 130 at once',
    async (format, signal) => {
      const pipe = fifo();
      const run = spawnMasg([...REPORT, '-o', format], { stdout: pipe.write });
      closeSync(pipe.write);
      try {
        await blocked(run.child.pid!);
        const sent = performance.now();
        run.child.kill(signal);
        // A masg that never ends fails here, after a few seconds, not at the test's timeout.
        const code = await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('still running'), limit(5000)))]);
        expect({ code, stderr: run.stderr() }).toMatchObject({ code: 130 });
        expect(performance.now() - sent).toBeLessThan(limit(1000));
      } finally {
        run.child.kill('SIGKILL');
        closeSync(pipe.read);
      }
    },
    60_000,
  );
});

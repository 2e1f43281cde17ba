// A stdout whose reader stops reading, as a pager or a stuck consumer does: a named pipe this test
// holds the reading end of and never reads. Linux only (/proc/PID/io says when masg is blocked).
import { execFileSync } from 'node:child_process';
import { constants, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../commands/harness.js';

/** A named pipe: its reading end (never blocking to open) and its writing end for the child. */
export function fifo(): { read: number; write: number } {
  const path = join(tempDir('masg-fifo-'), 'out');
  execFileSync('mkfifo', [path]);
  const read = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  return { read, write: openSync(path, constants.O_WRONLY) };
}

/** Bytes the process has written so far (Linux's count of its write calls). */
function written(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/wchar: (\d+)/.exec(io)?.[1] ?? 0);
}

/** Resolves once the process has written more than a pipe holds and then stopped writing. */
export async function blocked(pid: number): Promise<void> {
  let last = -1;
  let still = 0;
  while (still < 5) {
    await new Promise((r) => setTimeout(r, 100));
    const now = written(pid);
    // A few bytes now and then are the process's own wake-ups (eventfd), not its output.
    still = now - last < 1024 && now > 32 * 1024 ? still + 1 : 0;
    last = now;
  }
}

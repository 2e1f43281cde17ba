// Runs bin/masg.cjs under /usr/bin/time -v and reads its peak RSS: what `masg sql` holds while
// 2,000,000 rows go to stdout or to --out. Shared by the DuckDB and PostgreSQL memory tests.
import { closeSync, existsSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runMasgSync } from '../helpers/binary.js';

export const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));
export const TIME = '/usr/bin/time';
export const MEMORY_SKIP = !BUILT
  ? 'run `npm run build` first'
  : !existsSync(TIME)
    ? 'needs /usr/bin/time (apt-get install time)'
    : undefined;

/** 2,000,000 rows of the warehouse's shapes: text, dates, BIGINT, DECIMAL. */
export const ROWS = 2_000_000;

export interface Measured {
  status: number | null;
  stderr: string;
  peakMb: number;
  seconds: number;
}

/** `masg ...args` with stdout to `stdoutFile` (a file, as `> FILE` would; /dev/null for none). */
export function measureMasg(args: string[], stdoutFile = '/dev/null'): Measured {
  const fd = openSync(stdoutFile, 'w');
  try {
    const run = runMasgSync(args, { via: [TIME, '-v'], stdout: fd, timeoutMs: 300_000 });
    const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr);
    const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(run.stderr);
    return {
      status: run.status,
      stderr: run.stderr.slice(0, Math.max(0, run.stderr.indexOf('\tCommand being timed'))),
      peakMb: peak ? Number(peak[1]) / 1024 : NaN,
      seconds: wall ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : NaN,
    };
  } finally {
    closeSync(fd);
  }
}

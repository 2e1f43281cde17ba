// `masg sandbox` as a user runs it: the built binary (bin/masg.cjs → dist/, `npm test` builds
// first) in its own process, so its memory and its terminal output can be watched from outside.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BIN, spawnMasg } from '../helpers/binary.js';

export { BIN };
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SpawnedSandbox {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once `text` has appeared on stdout or stderr. */
  waitFor: (text: string | RegExp, ms?: number) => Promise<void>;
  stop: () => Promise<number | null>;
}

/** `masg sandbox ARGS` through the one binary helper (a clean environment plus `env`). */
export async function spawnSandbox(args: string[], env: Record<string, string> = {}): Promise<SpawnedSandbox> {
  const run = spawnMasg(['sandbox', ...args], { cwd: ROOT, env, stdin: 'pipe' });
  const { child } = run;
  const text = () => run.stdout() + run.stderr();
  // Checked each time output arrives (the helper has kept it by then), and once the process has
  // closed its output: the helper's `ended` comes after the last byte, where 'exit' may not.
  const waitFor = (wanted: string | RegExp, ms = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const seen = () => (typeof wanted === 'string' ? text().includes(wanted) : wanted.test(text()));
      const failure = () => new Error(`never saw ${wanted}; stdout: ${run.stdout()}\nstderr: ${run.stderr()}`);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        if (ok) resolve();
        else reject(failure());
      };
      const check = () => seen() && done(true);
      const timer = setTimeout(() => done(false), ms);
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      void run.ended.then(() => done(seen()));
      if (seen()) done(true);
    });
  await waitFor(/listening on http:\/\/\S+/);
  const url = /listening on (http:\/\/\S+)/.exec(text())![1]!;
  return {
    child,
    url,
    stdout: run.stdout,
    stderr: run.stderr,
    waitFor,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return run.exited;
    },
  };
}

/** Resident memory of a process, now and at its peak (VmHWM), in MiB, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

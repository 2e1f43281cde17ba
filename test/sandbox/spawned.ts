// `masg sandbox` as a user runs it: the built binary (bin/masg.cjs → dist/, `npm test` builds
// first) in its own process, so its memory and its terminal output can be watched from outside.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'masg.cjs');

export interface SpawnedSandbox {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once `text` has appeared on stdout or stderr. */
  waitFor: (text: string | RegExp, ms?: number) => Promise<void>;
  stop: () => Promise<number | null>;
}

export async function spawnSandbox(args: string[], env: Record<string, string> = {}): Promise<SpawnedSandbox> {
  const child = spawn(process.execPath, [BIN, 'sandbox', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ROOT, ...env },
    stdio: 'pipe',
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const waitFor = async (text: string | RegExp, ms = 20_000) => {
    const until = Date.now() + ms;
    const seen = () => (typeof text === 'string' ? (out + err).includes(text) : text.test(out + err));
    while (!seen()) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`never saw ${text}; stdout: ${out}\nstderr: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await waitFor(/listening on http:\/\/\S+/);
  const url = /listening on (http:\/\/\S+)/.exec(out + err)![1]!;
  return {
    child,
    url,
    stdout: () => out,
    stderr: () => err,
    waitFor,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return closed;
    },
  };
}

/** Resident memory of a process, now and at its peak (VmHWM), in MiB, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

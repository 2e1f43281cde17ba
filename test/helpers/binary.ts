// The built binary as a user runs it: `node bin/masg.cjs ARGS` in a process of its own, with an
// empty HOME unless the test gives one, no colour, and only the variables the test names. Every
// test of the slow tier that spawns masg goes through here.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../commands/harness.js';

export const BIN = fileURLToPath(new URL('../../bin/masg.cjs', import.meta.url));

export interface SpawnOptions {
  /** Added to a clean environment (PATH, a fresh HOME and XDG folders, NO_COLOR); undefined removes one. */
  env?: Record<string, string | undefined>;
  /** stdin, stdout, stderr as spawn takes them; stderr is always a pipe this helper reads. */
  stdin?: 'ignore' | 'pipe' | number;
  stdout?: 'ignore' | 'pipe' | number;
  cwd?: string;
}

export interface Spawned {
  child: ChildProcess;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
  /** The exit code and the signal that ended it, if one did. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout: () => string;
  /** stdout as written, byte for byte (--raw's bodies, other encodings). */
  stdoutBytes: () => Buffer;
  stderr: () => string;
}

/** A clean environment for one run: nothing of the machine's HOME or masg variables leaks in. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const home = tempDir('masg-bin-home-');
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    NO_COLOR: '1',
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export function spawnMasg(args: string[], opts: SpawnOptions = {}): Spawned {
  const stdio: StdioOptions = [opts.stdin ?? 'ignore', opts.stdout ?? 'pipe', 'pipe'];
  const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(opts.env), stdio, cwd: opts.cwd });
  // Kept as bytes and decoded once: a character split between two chunks stays whole.
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (c: Buffer) => out.push(c));
  child.stderr!.on('data', (c: Buffer) => err.push(c));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited: ended.then((e) => e.code),
    ended,
    stdout: () => Buffer.concat(out).toString(),
    stdoutBytes: () => Buffer.concat(out),
    stderr: () => Buffer.concat(err).toString(),
  };
}

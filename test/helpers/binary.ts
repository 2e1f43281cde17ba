// The built binary as a user runs it: `node bin/masg.cjs ARGS` in a process of its own, with an
// empty HOME unless the test gives one, no colour, and only the variables the test names. Every
// test that spawns masg goes through here (spawnMasg, or runMasgSync where the test waits).
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns, type StdioOptions } from 'node:child_process';
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
  /** Written to stdin, which is then closed (stdin is a pipe). */
  input?: string;
  /**
   * What the binary runs under, as a shell's wrapper would: `['bash', '-c', 'ulimit -f 200; exec
   * "$0" "$@"']` (exec keeps the PID, so a signal reaches node), `['/usr/bin/time', '-v']`.
   */
  via?: string[];
}

/** The command line: node and the binary, under `via` when given. */
function commandLine(args: string[], via: string[] = []): [string, string[]] {
  const line = [...via, process.execPath, BIN, ...args];
  return [line[0]!, line.slice(1)];
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
  const stdio: StdioOptions = [opts.input !== undefined ? 'pipe' : (opts.stdin ?? 'ignore'), opts.stdout ?? 'pipe', 'pipe'];
  const [command, argv] = commandLine(args, opts.via);
  const child = spawn(command, argv, { env: cleanEnv(opts.env), stdio, cwd: opts.cwd });
  if (opts.input !== undefined) child.stdin!.end(opts.input);
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

/** The same run, waited for: stdout and stderr as text, the exit status, the signal. */
export function runMasgSync(args: string[], opts: Omit<SpawnOptions, 'stdin'> & { timeoutMs?: number } = {}): SpawnSyncReturns<string> {
  const [command, argv] = commandLine(args, opts.via);
  return spawnSync(command, argv, {
    env: cleanEnv(opts.env),
    cwd: opts.cwd,
    input: opts.input,
    encoding: 'utf8',
    stdio: ['pipe', opts.stdout ?? 'pipe', 'pipe'],
    timeout: opts.timeoutMs,
  });
}

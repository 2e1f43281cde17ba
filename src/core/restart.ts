// Some V8 settings (the young generation's size) are read only as a process starts. A command that
// needs one re-runs itself once through process.execve: the same PID, stdio and signals, so cron,
// kill and exit codes see one process. Node 20 has no execve; it keeps its defaults.

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

export interface ProcessFacts {
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  execve?: Execve;
}

const flagName = (flag: string) => flag.split('=')[0];

/** Replaces `proc` with itself under the flags it lacks; returns when there is nothing to do or it cannot. */
export function restartWith(proc: ProcessFacts, nodeFlags: readonly string[]): void {
  if (proc.execve === undefined) return;
  // A flag the user gave (on the command line or in NODE_OPTIONS) wins, and ends the loop.
  const given = [...proc.execArgv, ...(proc.env.NODE_OPTIONS ?? '').split(/\s+/)].map(flagName);
  const missing = nodeFlags.filter((flag) => !given.includes(flagName(flag)));
  if (missing.length === 0) return;
  try {
    proc.execve(proc.execPath, [proc.execPath, ...missing, ...proc.execArgv, ...proc.argv.slice(1)], proc.env);
  } catch {
    // Not replaced (a seccomp filter, a vanished binary): the command runs on, with V8's defaults.
  }
}

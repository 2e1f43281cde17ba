// The process's streams and environment, injected so commands run in-process in tests (here so completion needs no context.ts).
import type { Readable, Writable } from 'node:stream';

export interface Io {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C / SIGTERM. */
  signal: AbortSignal;
  /**
   * The exit code a command has decided on before it writes (masg pulse's 9 when alerts fired):
   * the real binary exits with it, not 0, when stdout's reader closes the pipe early (EPIPE).
   */
  exitOnClosedPipe?: (code: number) => void;
}

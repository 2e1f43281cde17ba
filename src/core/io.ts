// The streams and environment of one invocation, injected so that commands run in-process in
// tests (src/context.ts builds everything else on it). Here, at the bottom, so that code below the
// CLI shell (completion's null IO, help) can name it without importing the shell.
import type { Readable, Writable } from 'node:stream';

export interface Io {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C / SIGTERM. */
  signal: AbortSignal;
}

// The process's streams and environment, injected into everything that talks to the user so that
// commands run in-process in tests. Here at the bottom (re-exported by src/context.ts) because the
// completion and the CLI shell need it too, and they must not import context.ts for a type.
import type { Readable, Writable } from 'node:stream';

export interface Io {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C / SIGTERM. */
  signal: AbortSignal;
}

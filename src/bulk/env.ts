// What bulk operations need from the CLI, and nothing more: the SDK client (the one path to the
// service), a Ui for progress and questions (stderr), the streams and a few flags. The command
// handlers build it (src/commands/bulk-env.ts); bulk never imports the commands or the Context.
import type { Readable, Writable } from 'node:stream';
import type { Ui } from '../output/ui.js';
import type { MasgClient } from '../sdk/types.js';

export interface BulkEnv {
  io: {
    stdin: Readable;
    stdout: Writable;
    stderr: Writable;
    signal: AbortSignal;
    env: Record<string, string | undefined>;
  };
  /** --dry-run: the client describes each change instead of sending it. */
  dryRun: boolean;
  /** --raw was given (bulk modes refuse it). */
  raw: boolean;
  /** A person at a terminal who can answer a question. */
  interactive: boolean;
  /** masg's configuration folder (a fallback place for results that could not be written). */
  configDir: string;
  ui(): Promise<Ui>;
  /** The client changes go through (describing them under --dry-run). */
  sdk(): Promise<MasgClient>;
  /** A client that reads even under --dry-run: a plan needs the current state. */
  reader(): Promise<MasgClient>;
  /**
   * Asks a yes/no question on the terminal (stderr, where the Ui writes); without one it throws
   * the error that names `instead`. Interaction, not output: it stays with the handler.
   */
  confirm(question: string, opts: { default?: boolean; instead: string }): Promise<boolean>;
}

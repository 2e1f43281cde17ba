// What bulk operations need from the CLI, and nothing more: the SDK client (the one path to the
// service), a Ui for progress and questions (stderr), an output port for the results, stdin and a
// few flags. The command handlers build it (src/command-kit/bulk-port.ts); bulk never imports the
// commands or the Context, and never writes to a stream itself.
import type { Readable } from 'node:stream';
import type { Column } from '../schema/column.js';
import type { Ui } from '../output/ui.js';
import type { MasgClient } from '../sdk/types.js';

/** Where a bulk run's results go when they are not a file of their own. */
export interface BulkOutput {
  /** Rows in the chosen output format on stdout; resolves with stdout's failure (a full disk), if any. */
  rows(columns: Column[], rows: ReadonlyArray<Record<string, string>>): Promise<unknown>;
  /** Text exactly as given on stdout (`--results -`); resolves with stdout's failure, if any. */
  text(text: string): Promise<unknown>;
  /** Lines for the person on stderr: results that could not be saved anywhere else. */
  report(text: string): void;
}

export interface BulkPort {
  io: {
    stdin: Readable;
    signal: AbortSignal;
    env: Record<string, string | undefined>;
  };
  output: BulkOutput;
  /** --dry-run: each change is described (the SDK's `{ dryRun: true }`), never sent; reads still go. */
  dryRun: boolean;
  /** --raw was given (bulk modes refuse it). */
  raw: boolean;
  /** A person at a terminal who can answer a question. */
  interactive: boolean;
  /** masg's configuration folder (a fallback place for results that could not be written). */
  configDir: string;
  ui(): Promise<Ui>;
  /** The one client: reads (a plan needs the current state) and changes. */
  sdk(): Promise<MasgClient>;
  /**
   * Asks a yes/no question on the terminal (stderr, where the Ui writes); without one it throws
   * the error that names `instead`. Interaction, not output: it stays with the handler.
   */
  confirm(question: string, opts: { default?: boolean; instead: string }): Promise<boolean>;
}

// What bulk needs from the CLI, and nothing more: bulk never imports the commands or the Context,
// and never writes to a stream itself.
import type { Readable } from 'node:stream';
import type { Column } from '../schema/column.js';
import type { Ui } from '../output/ui.js';
import type { MasgClient } from '../sdk/types.js';

export interface BulkOutput {
  /** Resolves with stdout's failure (a full disk), if any. */
  rows(columns: Column[], rows: ReadonlyArray<Record<string, string>>): Promise<unknown>;
  text(text: string): Promise<unknown>;
  /** For results that could not be saved anywhere else. */
  report(text: string): void;
}

export interface BulkPort {
  io: {
    stdin: Readable;
    signal: AbortSignal;
    env: Record<string, string | undefined>;
  };
  output: BulkOutput;
  /** Changes are described, never sent; reads still go. */
  dryRun: boolean;
  interactive: boolean;
  /** A fallback place for results that could not be written. */
  configDir: string;
  ui(): Promise<Ui>;
  sdk(): Promise<MasgClient>;
  /** Without a terminal, throws the error that names `instead`. */
  confirm(question: string, opts: { default?: boolean; instead: string }): Promise<boolean>;
}

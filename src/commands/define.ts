// The shape of one subcommand: commander metadata plus a handler that takes typed options and
// returns data. Rendering happens afterwards in one place (src/commands/run.ts), so tests can call
// handlers directly and assert on the returned rows.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Column, Row } from '../output/types.js';

export type CommandResult =
  /** Rows for a list; `entity` names them in notices ("No publications."). */
  | { kind: 'rows'; columns: Column[]; rows: Array<Record<string, string>>; entity: string; tableFields?: string[] }
  /**
   * A list read as it arrives (the list commands): `batches` is iterated once, by render, only
   * after every option was checked, so nothing is sent before that. `out`: --out FILE, written
   * atomically (the format follows its extension unless -o is given).
   */
  | { kind: 'stream'; columns: Column[]; batches: AsyncIterable<readonly Row[]>; entity: string; tableFields?: string[]; out?: string }
  /** One entity (create, update, view): shown vertically in a table, as an object in JSON. */
  | { kind: 'record'; columns: Column[]; row: Record<string, string>; failure?: Error }
  // `failure` on a record: printed first (it is still the service's answer), then thrown for the
  // exit code — e.g. an update whose status change the service ignored.
  /** The service's body exactly as received (--raw); `failure` as for a record. */
  | { kind: 'raw'; body: string; failure?: Error }
  /** A handler that already wrote what it had to (or has nothing to print). */
  | { kind: 'done' };

export interface CommandDef<O = Record<string, unknown>> {
  /** e.g. "list" or "update <id>". */
  name: string;
  summary: string;
  /** Adds options and arguments to the commander command. */
  configure?: (cmd: Command) => void;
  /** Shown under "Examples:" in --help (and in the README reference). */
  examples: string[];
  /**
   * The columns the command prints, when known before it runs: `--fields` is checked against
   * them before anything is sent, so a typo cannot fail only after a create went through.
   * A function when they depend on the invocation (bulk modes print result rows instead);
   * undefined leaves the check to rendering.
   */
  columns?: Column[] | ((opts: O, args: string[]) => Column[] | undefined);
  run: (ctx: Context, opts: O, args: string[]) => Promise<CommandResult>;
}

export function defineCommand<O>(def: CommandDef<O>): CommandDef<O> {
  return def;
}

/** A resource group such as `pub` with its subcommands. */
export interface GroupDef {
  name: string;
  summary: string;
  aliases?: string[];
  commands: CommandDef<any>[];
}

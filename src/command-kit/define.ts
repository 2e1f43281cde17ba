// The shape of one command: commander metadata plus a handler that takes typed options, writes
// what streams through its output port (src/command-kit/output-port.ts) and returns plain data,
// which src/command-kit/render.ts prints.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Column } from '../output/types.js';
import type { CommandResult } from '../output/result.js';

export type { CommandResult } from '../output/result.js';

export interface CommandDef<O = Record<string, unknown>> {
  /** e.g. "list" or "update <id>". */
  name: string;
  /** Adds options and arguments to the commander command. */
  configure?: (cmd: Command) => void;
  /** Shown under "Examples:" in --help (and in docs/commands.md). */
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

/** A subcommand of a group (`pub list`): its help line is written here, beside its handler. */
export interface SubcommandDef<O = Record<string, unknown>> extends CommandDef<O> {
  summary: string;
}

export function defineCommand<O>(def: SubcommandDef<O>): SubcommandDef<O> {
  return def;
}

/**
 * A top-level command (`login`): its help line is written once, in the table of contents
 * (src/commands/index.ts), which help and the stubs read without loading the handler.
 */
export function defineTopCommand<O>(def: CommandDef<O>): CommandDef<O> {
  return def;
}

/**
 * Any command, whatever its options: commander hands a handler untyped options, so the one place
 * that calls run() (src/command-kit/run.ts) passes them on unchecked; test/cli/wiring.test.ts proves
 * for every command that they are the typed options its handler declares.
 */
export type AnyCommandDef = CommandDef<never>;
export type AnySubcommandDef = SubcommandDef<never>;

/** A resource group such as `pub` with its subcommands. */
export interface GroupDef {
  name: string;
  summary: string;
  aliases?: string[];
  commands: AnySubcommandDef[];
}

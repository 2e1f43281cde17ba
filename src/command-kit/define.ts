// One command: commander metadata plus a handler that returns plain data for render.ts to print.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Column } from '../output/types.js';
import type { CommandResult } from '../output/result.js';

export type { CommandResult } from '../output/result.js';

export interface CommandDef<O = Record<string, unknown>> {
  name: string;
  configure?: (cmd: Command) => void;
  examples: string[];
  /** Checked against `--fields` before sending, so a typo cannot fail after a create went through. */
  columns?: Column[] | ((opts: O, args: string[]) => Column[] | undefined);
  run: (ctx: Context, opts: O, args: string[]) => Promise<CommandResult>;
  /**
   * Several accounts (`--profile a,b`, --all-profiles): 'each' when its own `run` is run once per
   * account by command-kit/accounts-run.ts (reads: rows tagged with an `account` column, a status
   * per account); 'own' when the command reads ctx.accounts() itself; absent when it works in one
   * account at a time and refuses a list (exit 2, nothing sent).
   */
  accounts?: 'each' | 'own';
}

export interface SubcommandDef<O = Record<string, unknown>> extends CommandDef<O> {
  summary: string;
}

export function defineCommand<O>(def: SubcommandDef<O>): SubcommandDef<O> {
  return def;
}

/** Its help line lives in src/commands/index.ts, so help need not load the handler. */
export function defineTopCommand<O>(def: CommandDef<O>): CommandDef<O> {
  return def;
}

/** Commander's options are untyped; test/cli/wiring.test.ts proves they match each handler's. */
export type AnyCommandDef = CommandDef<never>;
export type AnySubcommandDef = SubcommandDef<never>;

export interface GroupDef {
  name: string;
  summary: string;
  aliases?: string[];
  commands: AnySubcommandDef[];
}

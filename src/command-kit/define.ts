// A command in two parts. Its declaration (name, summary, options, examples) is cheap data that
// src/commands/registry.ts declares for the commands a command line names, so help and parsing need no handler code;
// its handler (what it does) is imported only when the command runs.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Column } from '../output/types.js';
import type { CommandResult } from '../output/result.js';

export type { CommandResult } from '../output/result.js';

/** What a command does: loaded when it runs. Commander's options reach `run` as `O`. */
export interface CommandDef<O = Record<string, unknown>> {
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
  /**
   * The global --raw and --dry-run it takes. run.ts refuses the others before the command runs,
   * with one message (exit 2). A function decides by the command's own options and arguments:
   * `true`, or the words saying when it does not (`'with --from'`). A refusal may carry its own
   * hint, the command that does what was asked (`{ hint: '… masg adv list --raw' }`).
   */
  supports?: { raw?: Support<O>; dryRun?: Support<O> };
}

/** Not taken: when (`'with --from'`, or always when absent), and what to run instead. */
export interface Refusal {
  when?: string;
  hint?: string;
}

export type Support<O> = true | Refusal | ((opts: O, args: string[]) => true | string | Refusal);

export function defineCommand<O>(def: CommandDef<O>): CommandDef<O> {
  return def;
}

/** Commander's options are untyped; test/cli/wiring.test.ts proves they match each handler's. */
export type AnyCommandDef = CommandDef<never>;

/** What help, docs, completion and the parser need: no handler code, only what it imports. */
export interface CommandSpec {
  /** Commander's name, with the arguments when they need no description: 'sql <query>'. */
  name: string;
  summary: string;
  /** Options and described arguments. */
  configure?: (cmd: Command) => void;
  examples: string[];
  handler: () => Promise<AnyCommandDef>;
  /** Commands under this one ('mcp token'), declared the same way. */
  subcommands?: CommandSpec[];
}

export interface GroupSpec {
  name: string;
  summary: string;
  aliases?: string[];
  commands: CommandSpec[];
}

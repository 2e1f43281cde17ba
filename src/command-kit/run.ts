// Glue between commander and a handler, once its command runs: collect options, build the
// context, run, render, clean up.
import type { Command } from 'commander';
import { Context, type GlobalOptions, type Io } from '../context.js';
import type { AnyCommandDef } from './define.js';
import { markReported, MasgError, UsageError, wasReported } from '../core/errors.js';
import { render } from '../output/render.js';
import { outputPort } from './output-port.js';
import { redactorOf } from '../core/redact.js';
import { addIdHint, keepLineOptionsIn } from './suggest.js';
import { selectColumns } from '../output/columns.js';
import { refuseAccountList } from '../config/account-list.js';
import { runForAccounts } from './accounts-run.js';

/** Errors are printed here, where the output format and the secrets are known; cli.ts maps the code. */
async function report(ctx: Context, err: unknown): Promise<void> {
  // Said already, or silent on purpose (masg pulse --quiet's alerts: the exit code says it).
  if (wasReported(err)) return;
  if (err instanceof Error && ctx.secrets.length > 0) {
    const redact = redactorOf(ctx.secrets);
    err.message = redact(err.message);
    if ('hint' in err && typeof err.hint === 'string') err.hint = redact(err.hint);
  }
  if (err instanceof MasgError) {
    addIdHint(err);
    // A suggested command is pasted as is: it must ask the same service, as the same account.
    keepLineOptionsIn(err, ctx.globals);
  }
  const ui = await ctx.ui().catch(() => undefined);
  if (!ui || !(err instanceof Error) || !('exitCode' in err)) return;
  ui.error(err);
  markReported(err);
}

const FLAG_DOES = {
  raw: ['--raw', 'prints the body of one answer of the service, exactly as received'],
  dryRun: ['--dry-run', 'describes the requests a command would send to the service, and sends none'],
} as const;

/** The global --raw and --dry-run reach only the commands that declare them (`supports`). */
function checkSupports(ctx: Context, def: AnyCommandDef, opts: Record<string, unknown>, args: string[], path: string): void {
  for (const key of ['raw', 'dryRun'] as const) {
    if (!ctx.globals[key]) continue;
    const declared = def.supports?.[key];
    const verdict = typeof declared === 'function' ? declared(opts as never, args) : declared;
    if (verdict === true) continue;
    const { when, hint } = typeof verdict === 'string' ? { when: verdict, hint: undefined } : (verdict ?? {});
    const [flag, does] = FLAG_DOES[key];
    throw new UsageError(`masg ${path} does not take ${flag}${when === undefined ? '' : ` ${when}`}.`, {
      field: flag,
      hint: hint ?? `${flag} ${does}; run this without it.`,
    });
  }
}

/** The words that run a command: "pub list", "sync". */
function commandPath(command: Command): string {
  return [command.parent?.parent ? command.parent.name() : undefined, command.name()].filter(Boolean).join(' ');
}

function checkRaw(ctx: Context): void {
  const g = ctx.globals;
  if (!g.raw) return;
  const clash =
    g.output !== undefined ? `-o ${g.output}` : g.fields !== undefined ? '--fields' : g.header === false ? '--no-header' : undefined;
  if (clash) {
    throw new UsageError(`--raw prints the service's body exactly as received; ${clash} cannot apply to it.`, {
      field: '--raw',
      hint: `Drop ${clash}, or drop --raw to get masg's own ${clash.startsWith('-o') ? 'formats' : 'columns'}.`,
    });
  }
}

/** `several`: the rows gain an `account` column, which --fields may name. */
async function checkFields(
  ctx: Context,
  def: AnyCommandDef,
  opts: Record<string, unknown>,
  args: string[],
  several = false,
): Promise<void> {
  if (ctx.globals.fields === undefined || ctx.globals.raw) return;
  const columns = typeof def.columns === 'function' ? def.columns(opts as never, args) : def.columns;
  if (columns === undefined) return;
  const fields = (await ctx.outputSettings()).fields;
  selectColumns(columns, several ? fields?.filter((f) => f !== 'account') : fields);
}

/** A list of accounts reaches only the commands built for it; the rest refuse it before sending. */
function checkAccounts(ctx: Context, def: AnyCommandDef, command: Command): void {
  if (def.accounts !== undefined) return;
  refuseAccountList(commandPath(command), ctx.globals, ctx.io.env);
}

/** A command run once per account (`accounts: 'each'`) with a list: true when it ran that way. */
async function runEach(ctx: Context, def: AnyCommandDef, opts: Record<string, unknown>, args: string[]): Promise<boolean> {
  if (def.accounts !== 'each') return false;
  const list = await ctx.accounts();
  if (list === undefined) {
    if (typeof opts.out !== 'string' || !opts.out.includes('{account}')) return false;
    throw new UsageError('--out: {account} names one file per account, and one account was asked.', {
      field: '--out',
      hint: 'Name several (--profile a,b or --all-profiles), or give --out a plain file name.',
    });
  }
  await checkFields(ctx, def, opts, args, true);
  await runForAccounts(ctx, def, opts, args, list);
  return true;
}

/** Runs a handler with what commander parsed: `command` is the one argv named. */
export async function runCommand(command: Command, def: AnyCommandDef, io: Io, version: string): Promise<void> {
  const args = (command.processedArgs as unknown[]).flatMap<string>((a) =>
    a === undefined ? [] : Array.isArray(a) ? (a as string[]) : [a as string],
  );
  const globals = command.optsWithGlobals<GlobalOptions>();
  const ctx = new Context(io, globals, version);
  try {
    const opts = command.opts();
    checkSupports(ctx, def, opts, args, commandPath(command));
    checkRaw(ctx);
    checkAccounts(ctx, def, command);
    if (await runEach(ctx, def, opts, args)) return;
    await checkFields(ctx, def, opts, args);
    const result = await def.run(ctx, opts as never, args);
    await render(outputPort(ctx), result);
  } catch (err) {
    await report(ctx, err);
    throw err;
  } finally {
    await ctx.close();
  }
}

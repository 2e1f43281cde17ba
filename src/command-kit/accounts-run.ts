// The one runner over accounts (`--profile a,b`, MASG_PROFILE=a,b, --all-profiles): lists,
// statistics, `masg sync` and `masg pulse` all run through eachAccount. It refuses --tz (each
// account has its profile's zone), runs each account through the SDK's forEachAccount (two
// profiles of one e-mail are one account, tried in order until one is accepted) in a Context of
// its own (its credentials, zone and client with its share of the connections, its messages
// named), then writes one status line per account (statusLines: text, or JSON under -o json|ndjson)
// and gives the one exit rule (accountsError). Commands marked `accounts: 'each'` go through
// runForAccounts: their own run once per account, rows into one output with an `account` column
// (output/account-rows.ts) or, with `{account}` in --out, a file each.
import type { Context } from '../context.js';
import type { AccountList } from '../config/account-list.js';
import { ExitCode, InterruptedError, markReported, MasgError, PartialError, UsageError } from '../core/errors.js';
import { redactorOf } from '../core/redact.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import type { AccountRows } from '../output/account-rows.js';
import type { DryRunPlan } from '../output/dry-run.js';
import type { OutputSettings } from '../output/types.js';
import type { Ui } from '../output/ui.js';
import { render } from '../output/render.js';
import { sanitizeLines, terminalView } from '../output/sanitize.js';
import { accountsExitCode, accountStatus, describeAccountResult, forEachAccount, type AccountResult } from '../sdk/accounts.js';
import type { AccountsJob } from '../warehouse/port.js';
import type { AnyCommandDef } from './define.js';
import { outputPort } from './output-port.js';
import { createAccountRows } from '../output/account-rows.js';
import { renderDryRun } from '../output/dry-run.js';

/** In --out, one file per account: the profile name. */
export const ACCOUNT_PLACEHOLDER = '{account}';

export function namesEachAccount(out: unknown): boolean {
  return typeof out === 'string' && out.includes(ACCOUNT_PLACEHOLDER);
}

/**
 * Runs `job.call` once per account, each in its own Context; resolves with every account's result
 * once their status lines are written (`before`, when given, runs first: a shared output's end).
 * Ctrl-C is 130 whatever the accounts finished (their lines say which).
 */
export async function eachAccount<T>(
  ctx: Context,
  job: AccountsJob<T, Context>,
  before?: (results: Array<AccountResult<T>>) => Promise<void>,
): Promise<Array<AccountResult<T>>> {
  if (job.tz !== undefined) {
    throw new UsageError(`--tz sets one zone; ${job.source} names several accounts, each with its own.`, {
      field: '--tz',
      hint: "Each account's days are counted in its profile's zone (masg login --profile NAME --timezone ZONE).",
    });
  }
  const ui = await ctx.ui();
  const settings = accountSettings(await ctx.outputSettings());
  const children = new Map(job.names.map((name) => [name, ctx.forAccount(name, { ui: Promise.resolve(namedUi(ui, name)), settings })]));
  // Each account's Context once the runner has its share of the connections: the one its job runs in.
  const connected = new Map<string, Context>();
  const label = job.label ?? 'accounts';
  if (label !== false) ui.progress(0, job.names.length, label);
  let results: Array<AccountResult<T>>;
  try {
    const running = (name: string) => connected.get(name) ?? children.get(name)!;
    results = await forEachAccount(job.names, (_client, account, signal) => job.call(running(account.name), account, signal), {
      concurrency: job.concurrency,
      signal: ctx.io.signal,
      env: ctx.io.env,
      configDir: ctx.configDir,
      doneVerb: job.doneVerb,
      resolve: (name) => clientOptionsOf(children.get(name)!),
      // The CLI's own client (proxy, --debug lines, notices, --deadline), with the account's share of the connections.
      client: (options, account, connections) => {
        const connection = { hostGates: options.hostGates, signal: options.signal, connections, name: account.name };
        const child = children.get(account.name)!.withParts({ connection });
        connected.set(account.name, child);
        return child.sdk();
      },
      onSettled: (_r, done, total) => label !== false && ui.progress(done, total, label),
    });
  } finally {
    await Promise.all([...children.values()].map((c) => c.close()));
  }
  await before?.(results);
  await writeStatuses(ctx, ui, results);
  if (ctx.io.signal.aborted) throw ctx.io.signal.reason instanceof MasgError ? ctx.io.signal.reason : new InterruptedError();
  return results;
}

/**
 * The one exit rule: none when all succeeded; 8 when some failed; the account's own code when all
 * failed (an interruption first). Marked reported: the status lines said it.
 */
export function accountsError(results: ReadonlyArray<AccountResult<unknown>>): MasgError | undefined {
  const code = accountsExitCode(results);
  if (code === ExitCode.OK) return undefined;
  const failed = results.filter((r) => !r.ok);
  const err =
    code === ExitCode.INTERRUPTED
      ? new InterruptedError()
      : code === ExitCode.PARTIAL
        ? new PartialError(`${failed.length} of ${results.length} accounts failed: ${failed.map((r) => r.account.name).join(', ')}.`)
        : failed.find((r) => !r.ok && r.exitCode === code)!.error;
  markReported(err);
  return err;
}

/**
 * The one status writer: a line per account on stderr, in the order given, after the output:
 * `a: ok`, `b: credentials rejected (code 1001) (4)`; under -o json or ndjson each is a JSON
 * object, `{"accountStatus": {account, email, status, exitCode, code?, message?}}`. --quiet keeps
 * the failures.
 */
async function writeStatuses(ctx: Context, ui: Ui, results: ReadonlyArray<AccountResult<unknown>>): Promise<void> {
  const redact = redactorOf(ctx.secrets);
  const format = (await ctx.outputSettings()).format;
  const json = format === 'json' || format === 'ndjson';
  for (const r of results) {
    if (r.ok && ctx.globals.quiet) continue;
    const line = json ? JSON.stringify({ accountStatus: accountStatus(r) }) : describeAccountResult(r);
    ui.stderr.write(`${json ? terminalView(ui.stderr)(redact(line)) : sanitizeLines(redact(line))}\n`);
  }
}

/** A command marked `accounts: 'each'` over a list: its own run once per account, its rows into one output or a file each. */
export async function runForAccounts(
  ctx: Context,
  def: AnyCommandDef,
  opts: Record<string, unknown>,
  args: string[],
  list: AccountList,
): Promise<void> {
  const perAccount = namesEachAccount(opts.out);
  checkListFlags(ctx, opts, perAccount);
  const rows = perAccount ? undefined : createAccountRows({ stdout: ctx.io.stdout, names: list.names, ui: () => ctx.ui() });
  const plans: Array<DryRunPlan | undefined> = [];
  let outputFailed: { err: unknown } | undefined;
  const results = await eachAccount(
    ctx,
    {
      names: list.names,
      source: list.source,
      tz: typeof opts.tz === 'string' ? opts.tz : undefined,
      concurrency: typeof opts.concurrency === 'number' ? opts.concurrency : DEFAULT_CONCURRENCY,
      doneVerb: 'read',
      call: async (child, account) => {
        const i = list.names.indexOf(account.name);
        const given = perAccount ? { ...opts, out: (opts.out as string).replaceAll(ACCOUNT_PLACEHOLDER, account.name) } : opts;
        await runOne(child, def, given, args, { i, rows, plans });
      },
    },
    // Ctrl-C: no file appears (as with one account), whatever the accounts finished before it. A
    // file that cannot be committed (a full disk: exit 7) still leaves every account's status said.
    async (results) => {
      await rows?.finish(!ctx.io.signal.aborted && results.some((r) => r.ok)).catch((err: unknown) => (outputFailed = { err }));
      renderPlans(ctx, list.names, plans);
    },
  );
  if (outputFailed) throw outputFailed.err;
  const err = accountsError(results);
  if (err) throw err;
}

interface RunShared {
  i: number;
  rows: AccountRows | undefined;
  plans: Array<DryRunPlan | undefined>;
}

/** One account: the command's own run, its rows tagged into the shared output (or its own file); a dry run's plan kept for later. */
async function runOne(child: Context, def: AnyCommandDef, opts: Record<string, unknown>, args: string[], s: RunShared): Promise<void> {
  // With one output for all, the account writes through its rows' port, tagged with its name.
  const own = s.rows
    ? child.withParts({ port: s.rows.portFor(s.i, outputPort(child)), account: { name: child.account!.name, merged: true } })
    : child;
  try {
    const result = await def.run(own, opts as never, args);
    if (result.kind === 'dry-run') s.plans[s.i] = result.plan;
    else await render(outputPort(own), result);
    await s.rows?.settle(s.i, true);
  } catch (err) {
    await s.rows?.settle(s.i, false);
    throw err;
  }
}

/** What only one account's output can be, refused with a list before anything is read (exit 2). */
function checkListFlags(ctx: Context, opts: Record<string, unknown>, perAccount: boolean): void {
  if (ctx.globals.raw && !perAccount) {
    throw new UsageError("--raw prints one account's body as received; with several accounts each needs its own file.", {
      field: '--raw',
      hint: "Add {account} to --out (e.g. --out 'body-{account}.xml'), or drop --raw for one output with an account column.",
    });
  }
  if (opts.chart === true) {
    throw new UsageError("--chart draws one account's report; several accounts were asked.", {
      field: '--chart',
      hint: 'Drop --chart for one table with an account column, or name one profile.',
    });
  }
  if (perAccount && opts.out === '-') throw new UsageError('--out -: stdout is one output, not one file per account.', { field: '--out' });
}

/** --fields may name `account` (the column every account's rows gain): each account's own run never sees it. */
function accountSettings(settings: OutputSettings): Promise<OutputSettings> {
  const fields = settings.fields?.filter((f) => f !== 'account');
  return Promise.resolve({ ...settings, fields: fields === undefined || fields.length === 0 ? undefined : fields });
}

async function clientOptionsOf(child: Context) {
  const c = await child.credentials();
  return { baseUrl: c.baseUrl, email: c.email, key: c.key, ...(c.timezone !== undefined && { timeZone: c.timezone }) };
}

/** An account's messages say whose they are; progress is the accounts' (one line for all). */
function namedUi(ui: Ui, name: string): Ui {
  const named = (message: string) => (message.startsWith('masg: ') ? `masg: ${name}: ${message.slice(6)}` : `${name}: ${message}`);
  return {
    ...ui,
    stdout: ui.stdout,
    stderr: ui.stderr,
    info: (m) => ui.info(named(m)),
    notice: (m) => ui.notice(named(m)),
    warn: (m) => ui.warn(named(m)),
    progress: () => undefined,
  };
}

/** A dry run over several accounts: each account's plan under its name, in the order given. */
function renderPlans(ctx: Context, names: readonly string[], plans: Array<DryRunPlan | undefined>): void {
  if (plans.every((p) => p === undefined)) return;
  const port = outputPort(ctx);
  names.forEach((name, i) => {
    const plan = plans[i];
    if (plan) renderDryRun(port, { ...plan, notes: [`# account ${name}`, ...plan.notes] });
  });
}

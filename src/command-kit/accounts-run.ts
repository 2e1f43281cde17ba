// Reads over several accounts (`--profile a,b`, MASG_PROFILE=a,b, --all-profiles) for the commands
// marked `accounts: 'each'`: the command's own run, once per account, through the SDK's
// forEachAccount (one pool and one HostGates for all, at most --concurrency accounts at once).
// Each account gets a Context of its own (its credentials, zone and client, its messages named);
// its rows go to one output with an `account` column (output/account-rows.ts), or with
// `{account}` in --out to a file of its own, byte for byte what its single run writes. Then one
// status line per account on stderr, and the exit code of accountsExitCode.
import type { Context } from '../context.js';
import type { AccountList } from '../config/account-list.js';
import { ExitCode, InterruptedError, markReported, PartialError, UsageError } from '../core/errors.js';
import { DEFAULT_CONCURRENCY, parseConcurrency } from '../core/pool.js';
import type { AccountRows } from '../output/account-rows.js';
import type { DryRunPlan } from '../output/dry-run.js';
import type { OutputSettings, Ui } from '../output/index.js';
import { render } from '../output/render.js';
import type { AccountResult } from '../sdk/accounts.js';
import type { AnyCommandDef } from './define.js';
import { outputPort } from './output-port.js';

/** In --out, one file per account: the profile name. */
export const ACCOUNT_PLACEHOLDER = '{account}';

export function namesEachAccount(out: unknown): boolean {
  return typeof out === 'string' && out.includes(ACCOUNT_PLACEHOLDER);
}

export async function runForAccounts(
  ctx: Context,
  def: AnyCommandDef,
  opts: Record<string, unknown>,
  args: string[],
  list: AccountList,
): Promise<void> {
  const perAccount = namesEachAccount(opts.out);
  checkListFlags(ctx, opts, perAccount);
  const concurrency = typeof opts.concurrency === 'string' ? parseConcurrency(opts.concurrency) : DEFAULT_CONCURRENCY;
  const [{ forEachAccount }, { createAccountRows }, { accountsPool }] = await Promise.all([
    import('../sdk/accounts.js'),
    import('../output/account-rows.js'),
    import('../sdk/account-pool.js'),
  ]);
  const ui = await ctx.ui();
  const settings = accountSettings(await ctx.outputSettings());
  const rows = perAccount ? undefined : createAccountRows({ stdout: ctx.io.stdout, names: list.names, ui: () => ctx.ui() });
  const children = new Map(list.names.map((name) => [name, ctx.forAccount(name, { ui: Promise.resolve(namedUi(ui, name)), settings })]));
  const plans: Array<DryRunPlan | undefined> = [];
  // One pool for every account: --concurrency connections per host bound the requests in flight.
  // Each account's client is its own context's (the CLI's client), over this pool.
  const { dispatcher, close } = accountsPool(ctx, { maxConnections: concurrency });
  // --deadline bounds the whole command, every account's requests included.
  const deadlineAt = ctx.globals.deadline === undefined ? undefined : performance.now() + ctx.globals.deadline * 1000;
  let results: Array<AccountResult<void>>;
  try {
    results = await forEachAccount(
      list.names,
      async (_client, account) => {
        const i = list.names.indexOf(account.name);
        const child = children.get(account.name)!;
        const given = perAccount ? { ...opts, out: (opts.out as string).replaceAll(ACCOUNT_PLACEHOLDER, account.name) } : opts;
        await runOne(child, def, given, args, { i, rows, plans });
      },
      {
        concurrency,
        signal: ctx.io.signal,
        env: ctx.io.env,
        overrides: { dispatcher },
        resolve: (name) => clientOptionsOf(children.get(name)!),
        client: (options, account) => {
          const child = children.get(account.name)!;
          const { dispatcher: pool, hostGates, signal } = options;
          child.connection = { dispatcher: pool, hostGates, signal, deadlineAt, name: account.name };
          return child.sdk();
        },
        onSettled: (_r, done, total) => ui.progress(done, total, 'accounts'),
      },
    );
  } finally {
    await Promise.all([...children.values()].map((c) => c.close()));
    await close(ctx.io.signal.aborted);
  }
  // Ctrl-C: no file appears (as with one account), whatever the accounts finished before it.
  // A file that cannot be committed (a full disk: exit 7) still leaves every account's status said.
  const ended = rows?.finish(!ctx.io.signal.aborted && results.some((r) => r.ok)).then(
    () => undefined,
    (err: unknown) => ({ err }),
  );
  const failed = await ended;
  await renderPlans(ctx, list.names, plans);
  await reportStatuses(ctx, ui, results);
  if (failed) throw failed.err;
  await exitFor(results, ctx.io.signal.aborted);
}

interface RunShared {
  i: number;
  rows: AccountRows | undefined;
  plans: Array<DryRunPlan | undefined>;
}

/** One account: the command's own run, its rows tagged into the shared output (or its own file); a dry run's plan kept for later. */
async function runOne(child: Context, def: AnyCommandDef, opts: Record<string, unknown>, args: string[], s: RunShared): Promise<void> {
  if (s.rows) {
    child.port = s.rows.portFor(s.i, outputPort(child));
    child.account = { name: child.account!.name, merged: true };
  }
  try {
    const result = await def.run(child, opts as never, args);
    if (result.kind === 'dry-run') s.plans[s.i] = result.plan;
    else await render(outputPort(child), result);
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
async function renderPlans(ctx: Context, names: readonly string[], plans: Array<DryRunPlan | undefined>): Promise<void> {
  if (plans.every((p) => p === undefined)) return;
  const { renderDryRun } = await import('../output/dry-run.js');
  const port = outputPort(ctx);
  names.forEach((name, i) => {
    const plan = plans[i];
    if (plan) renderDryRun(port, { ...plan, notes: [`# account ${name}`, ...plan.notes] });
  });
}

/**
 * One line per account on stderr, after the output: `a: ok`, `b: credentials rejected (code 1001) (4)`.
 * With -o json or ndjson each line is a JSON object instead, `{"accountStatus": {account, email,
 * status, exitCode, code?, message?}}`. --quiet keeps the failures.
 */
async function reportStatuses(ctx: Context, ui: Ui, results: Array<AccountResult<void>>): Promise<void> {
  const [{ accountStatus, describeAccountResult }, { createRedactor }, { sanitizeLines, terminalView }] = await Promise.all([
    import('../sdk/accounts.js'),
    import('../core/redact.js'),
    import('../output/sanitize.js'),
  ]);
  const redact = createRedactor(ctx.secrets);
  const format = (await ctx.outputSettings()).format;
  const json = format === 'json' || format === 'ndjson';
  for (const r of results) {
    if (r.ok && ctx.globals.quiet) continue;
    const line = json ? JSON.stringify({ accountStatus: accountStatus(r) }) : describeAccountResult(r);
    ui.stderr.write(`${json ? terminalView(ui.stderr)(redact(line)) : sanitizeLines(redact(line))}\n`);
  }
}

/**
 * 0 when all succeeded; 8 when some failed; the account's own code when all failed; 130 after
 * Ctrl-C, whatever the accounts finished before it (said already: nothing more printed).
 */
async function exitFor(results: Array<AccountResult<void>>, interrupted: boolean): Promise<void> {
  const { accountsExitCode } = await import('../sdk/accounts.js');
  const code = interrupted ? ExitCode.INTERRUPTED : accountsExitCode(results);
  if (code === 0) return;
  const failed = results.filter((r) => !r.ok);
  const err =
    code === ExitCode.INTERRUPTED
      ? new InterruptedError()
      : code === 8
        ? new PartialError(`${failed.length} of ${results.length} accounts failed: ${failed.map((r) => r.account.name).join(', ')}.`)
        : failed.find((r) => r.exitCode === code)!.error;
  markReported(err);
  throw err;
}

// `masg sync --profile a,b` and --all-profiles: one warehouse, several accounts. The accounts run
// concurrently through the SDK's forEachAccount; their requests share --concurrency (one limiter
// and one connection pool); each account plans its days in its own zone and commits each day in
// its own transaction, as one account always did. A failed account costs the others nothing: its
// status line says why, and the exit code is 8 when some failed and some did not.

import { ExitCode, InterruptedError, MasgError, UsageError, markReported, type ExitCodeValue } from '../core/errors.js';
import type { Spinner, Ui } from '../output/ui.js';
import type { AccountResult } from '../sdk/accounts.js';
import { resolveTimeZone } from '../time/zone.js';
import type { WarehousePort } from './port.js';
import { openWarehouse, syncAccount, type CheckedFlags } from './sync-account.js';
import { limiter } from './sync-window.js';

/** The exit code the accounts' results deserve (accountsExitCode), once their lines are printed. */
export class AccountsFailed extends MasgError {
  constructor(
    message: string,
    override readonly exitCode: ExitCodeValue,
  ) {
    super(message);
  }
}

/** forEachAccount's ceiling on accounts at once. */
const MAX_ACCOUNTS_AT_ONCE = 64;

export async function syncAccounts(
  ctx: WarehousePort,
  checked: CheckedFlags,
  list: { names: string[]; source: string },
): Promise<Array<AccountResult<unknown>>> {
  if (checked.tz !== undefined) {
    throw new UsageError(`--tz sets one zone; ${list.source} names several accounts, each with its own.`, {
      field: '--tz',
      hint: "Each account's days are counted in its profile's zone (masg login --profile NAME --timezone ZONE).",
    });
  }
  if (ctx.globals.dryRun) {
    throw new UsageError(`--dry-run shows the plan of one account; ${list.source} names several.`, {
      field: '--dry-run',
      hint: 'Run it once per account: masg sync --dry-run --profile NAME.',
    });
  }
  const ui = await ctx.ui();
  const store = await openWarehouse(ctx, checked.target, checked, ui);
  try {
    const { forEachAccount } = await import('../sdk/accounts.js');
    const startedAt = performance.now();
    const deadlineAt = ctx.globals.deadline === undefined ? undefined : startedAt + ctx.globals.deadline * 1000;
    const retry = { retries: ctx.globals.retries, deadlineAt };
    const shared = { limit: limiter(checked.concurrency) };
    const twins = await laterTwins(ctx, list.names);
    const total = list.names.length;
    ui.progress(0, total, `Syncing ${total} accounts into ${store.label}`);
    const { accountsPool } = await import('../sdk/account-pool.js');
    const pool = accountsPool(ctx, { maxConnections: checked.concurrency, debug: await debugLines(ctx, ui) });
    const concurrency = Math.min(checked.concurrency, MAX_ACCOUNTS_AT_ONCE);
    const results = await forEachAccount(
      list.names,
      async (client, account, signal) => {
        const email = account.email ?? '';
        const twin = twins.get(account.name);
        if (twin !== undefined)
          throw new UsageError(`${account.name} is ${email}, already synced in this run as ${twin}.`, { field: list.source });
        const timezone = resolveTimeZone(undefined, account.timeZone, `masg sync of ${account.name} (which days to fetch)`);
        const sync = { store, ui: accountUi(ui, account.name), sdk: client, email, timezone, checked, retry, signal, env: ctx.io.env };
        await syncAccount({ ...sync, shared });
      },
      {
        concurrency,
        signal: ctx.io.signal,
        env: ctx.io.env,
        configDir: ctx.configDir,
        overrides: pool.overrides,
        onSettled: (_r, done) => ui.progress(done, total, `Syncing ${total} accounts into ${store.label}`),
      },
    ).finally(() => pool.close(ctx.io.signal.aborted));
    await report(ui, results, Boolean(ctx.globals.quiet));
    // Ctrl-C or SIGTERM: 130, whichever accounts had finished before it (their lines say which).
    if (ctx.io.signal.aborted) throw ctx.io.signal.reason instanceof MasgError ? ctx.io.signal.reason : new InterruptedError();
    return results;
  } finally {
    await store.session.close();
  }
}

/**
 * Two profiles of one account (one e-mail) in one run: each later one, by the list's order, to the
 * earlier it repeats. Decided before anything runs, so which is refused never depends on timing.
 */
async function laterTwins(ctx: WarehousePort, names: string[]): Promise<Map<string, string>> {
  const { openStore } = await import('../config/conf-store.js');
  const store = await openStore(ctx.configDir, { env: ctx.io.env });
  const first = new Map<string, string>();
  const twins = new Map<string, string>();
  for (const name of names) {
    const email = (await store.get(name))?.email;
    if (email === undefined) continue;
    const earlier = first.get(email);
    if (earlier === undefined) first.set(email, name);
    else twins.set(name, earlier);
  }
  return twins;
}

/** --debug: every account's requests and responses on stderr (redacted by the pool), their control characters shown. */
async function debugLines(ctx: WarehousePort, ui: Ui): Promise<((line: string) => void) | undefined> {
  if (!ctx.globals.debug) return undefined;
  const { terminalView } = await import('../output/sanitize.js');
  const view = terminalView(ui.stderr);
  return (line) => void ui.stderr.write(`${view(line)}\n`);
}

/** One line per account on stderr (`b: credentials rejected (code 1003) (4)`): failures always, `ok` unless --quiet. */
async function report(ui: Ui, results: Array<AccountResult<unknown>>, quiet: boolean): Promise<void> {
  const [{ accountStatusLines }, { sanitizeLines }] = await Promise.all([import('../sdk/accounts.js'), import('../output/sanitize.js')]);
  for (const line of accountStatusLines(results, { quiet })) ui.stderr.write(`${sanitizeLines(line)}\n`);
}

/** The error that carries the exit code of the accounts' results (0: none). */
export async function accountsFailure(results: Array<AccountResult<unknown>>): Promise<AccountsFailed | undefined> {
  const { accountsExitCode } = await import('../sdk/accounts.js');
  const code = accountsExitCode(results);
  if (code === ExitCode.OK) return undefined;
  const failed = results.filter((r) => !r.ok).length;
  const error = new AccountsFailed(`${failed} of ${results.length} accounts failed.`, code);
  markReported(error); // the status lines said it
  return error;
}

/** An account's messages, each line named by the account; its progress line is the run's (accounts done). */
function accountUi(ui: Ui, name: string): Ui {
  const named = (message: string) => `${name}: ${message}`;
  const silent: Spinner = { update: () => undefined, stop: () => undefined };
  return {
    stdout: ui.stdout,
    stderr: ui.stderr,
    info: (m) => ui.info(named(m)),
    notice: (m) => ui.notice(named(m)),
    warn: (m) => ui.warn(named(m)),
    error: (e) => ui.error(e),
    spinner: () => silent,
    progress: () => undefined,
    waiting: () => () => undefined,
  };
}

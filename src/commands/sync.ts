// `masg sync`: keep a database (DuckDB file or PostgreSQL) of the accounts' statistics up to
// date; `--status` shows what it holds per account. The handler only (its options are declared
// in top-level.ts); the work is in src/warehouse/, loaded when the command runs.
import { counted } from '../core/plural.js';
import type { SyncFlags } from '../warehouse/sync.js';
import type { SyncPlan } from '../warehouse/sync-plan.js';
import type { DescribedRequest } from '../sdk/types.js';
import { defineCommand, type CommandResult } from '../command-kit/define.js';
import type { Context } from '../context.js';
import type { AccountResult } from '../sdk/accounts.js';
import { runSync } from '../warehouse/sync.js';
import { eachAccount, accountsError } from '../command-kit/accounts-run.js';
import { STATUS_COLUMNS } from '../warehouse/sync-status.js';
import { accountStatus } from '../sdk/accounts.js';

/** The flags, as src/warehouse/sync.ts takes them (a type only: nothing of it loads here). */
export type SyncOptions = SyncFlags;

export const sync = defineCommand<SyncOptions>({
  // --dry-run: the plan, every request described.
  supports: { dryRun: true },
  accounts: 'own',
  async run(ctx, opts) {
    const outcome = await runSync(ctx, opts, (job) => eachAccount(ctx, job));
    if (outcome.kind === 'status') {
      if (outcome.rows.length === 0) (await ctx.ui()).info('masg sync --status: no account has been synced into this warehouse yet.');
      // Many fields per account: where the table cannot show them all whole, a record per account (why one failed included).
      return { kind: 'rows', columns: STATUS_COLUMNS, rows: outcome.rows, entity: 'accounts', records: true };
    }
    if (outcome.kind === 'plan')
      return { kind: 'dry-run', plan: { notes: planSummary(outcome.plan), requests: planRequests(outcome.plan) } };
    if (outcome.accounts === undefined) return { kind: 'done' };
    return accountsResult(ctx, outcome.accounts);
  },
});

/** Several accounts: their status lines are printed; -o json|ndjson also gets them as data on stdout (sync's result); the exit code is theirs. */
function accountsResult(ctx: Context, results: Array<AccountResult<unknown>>): CommandResult {
  const failure = accountsError(results);
  const format = ctx.globals.output;
  if (format === 'json' || format === 'ndjson') {
    const records = results.map(accountStatus);
    const text = format === 'json' ? JSON.stringify(records, undefined, 2) : records.map((r) => JSON.stringify(r)).join('\n');
    return { kind: 'text', text: `${text}\n`, failure };
  }
  if (failure) throw failure;
  return { kind: 'done' };
}

function planSummary(plan: SyncPlan): string[] {
  const { days } = plan;
  if (days.length === 0) return [`masg sync --dry-run: ${plan.target} is up to date: no day to fetch.`];
  const partial = days.some((d) => !d.complete) ? ', today partial' : '';
  return [
    `masg sync --dry-run: would write ${counted(days.length, 'days')} into ${plan.target} (grain ${plan.grain}): ` +
      `${days[0].date} to ${days[days.length - 1].date}${partial}.`,
    ...(plan.accepted.length === 0
      ? []
      : [`--accept-restated: the new answer of ${plan.accepted.join(', ')} would be applied whatever it is, never held.`]),
    `The account's objects first (${plan.lists.length} lists, then one campaign list per advertiser), then each day's statistics.`,
    plan.knownCampaigns > 0
      ? `Campaign statistics are shown for the ${plan.knownCampaigns} campaigns of the last snapshot; the lists decide at run time.`
      : 'Campaign statistics: one request per campaign and day, for the campaigns the lists return at run time.',
  ];
}

/** Every request the run would send, in order. */
function planRequests(plan: SyncPlan): DescribedRequest[] {
  return [...plan.lists, ...plan.statistics.flatMap((d) => d.requests)];
}

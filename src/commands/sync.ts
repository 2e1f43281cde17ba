// `masg sync`: keep a database (DuckDB file or PostgreSQL) of the account's statistics up to
// date. The handler only (its options are declared in top-level.ts); the work is in src/warehouse/.
import type { SyncFlags } from '../warehouse/sync.js';
import type { SyncPlan } from '../warehouse/sync-plan.js';
import type { DescribedRequest } from '../sdk/types.js';
import { defineCommand } from '../command-kit/define.js';

/** The flags, as src/warehouse/sync.ts takes them (a type only: nothing of it loads here). */
export type SyncOptions = SyncFlags;

export const sync = defineCommand<SyncOptions>({
  async run(ctx, opts) {
    const { runSync } = await import('../warehouse/sync.js');
    const outcome = await runSync(ctx, opts);
    if (outcome.kind === 'done') return outcome;
    return { kind: 'dry-run', plan: { notes: planSummary(outcome.plan), requests: planRequests(outcome.plan) } };
  },
});

function planSummary(plan: SyncPlan): string[] {
  const { days } = plan;
  if (days.length === 0) return [`masg sync --dry-run: ${plan.target} is up to date: no day to fetch.`];
  const partial = days.some((d) => !d.complete) ? ', today partial' : '';
  return [
    `masg sync --dry-run: would write ${days.length} day${days.length === 1 ? '' : 's'} into ${plan.target} (grain ${plan.grain}): ` +
      `${days[0].date} to ${days[days.length - 1].date}${partial}.`,
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

// `masg sync`: flags checked → database opened, upgraded if version 1 (upgrade.ts), and claimed →
// for each account: its days planned in its own zone → the run (sync-run.ts): reports fetched into
// staging files (sync-fetch.ts), each day committed in order in one transaction with its state
// row, so the state never runs ahead of the data. One account is the path it always was; several
// (`--profile a,b`, --all-profiles) run concurrently (sync-accounts.ts). --dry-run returns the plan
// (sync-plan.ts) instead; --status reads the state (sync-status.ts).

import { existsSync } from 'node:fs';
import type { WarehousePort } from './port.js';
import { parseConcurrency } from '../core/pool.js';
import { resolveTimeZone, localDateHour } from '../time/zone.js';
import { oneOf } from '../schema/rules.js';
import { parseLookback, planDays } from './plan.js';
import { GRAINS, type Grain } from './schema.js';
import { openSession } from './session.js';
import { writerSettings } from './sync-duckdb-settings.js';
import { WarehouseStore } from './store.js';
import { warehouseTarget } from './target.js';
import type { SyncPlan } from './sync-plan.js';
import { openWarehouse, syncAccount, type CheckedFlags } from './sync-account.js';
import type { StatusRow } from './sync-status.js';

export interface SyncFlags {
  db?: string;
  from?: string;
  to?: string;
  tz?: string;
  lookback?: string;
  grain?: string;
  concurrency?: string;
  status?: boolean;
}

/** What a sync hands back: done (its lines are printed as it runs), the plan of a dry run, or --status's rows. */
export type SyncOutcome =
  | { kind: 'done'; accounts?: import('../sdk/accounts.js').AccountResult<unknown>[] }
  | { kind: 'plan'; plan: SyncPlan }
  | { kind: 'status'; rows: StatusRow[] };

/** Everything the user typed, checked before anything is opened or sent. */
function checkFlags(ctx: WarehousePort, flags: SyncFlags): CheckedFlags {
  const target = warehouseTarget(flags.db, ctx);
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  const grain = oneOf<Grain>('--grain', flags.grain ?? 'day', GRAINS);
  const lookback = parseLookback(flags.lookback);
  const concurrency = parseConcurrency(flags.concurrency);
  const writer = writerSettings(ctx.io.env);
  return { target, grain, lookback, concurrency, writer, from: flags.from, to: flags.to, tz: flags.tz };
}

export async function runSync(ctx: WarehousePort, flags: SyncFlags): Promise<SyncOutcome> {
  const checked = checkFlags(ctx, flags);
  const list = await ctx.accounts?.();
  if (flags.status) {
    const { syncStatus, namedProfiles } = await import('./sync-status.js');
    return { kind: 'status', rows: await syncStatus(ctx, checked.target, list?.names ?? namedProfiles(ctx)) };
  }
  if (list) return { kind: 'done', accounts: await (await import('./sync-accounts.js')).syncAccounts(ctx, checked, list) };
  return syncOne(ctx, checked);
}

async function syncOne(ctx: WarehousePort, checked: CheckedFlags): Promise<SyncOutcome> {
  const startedAt = performance.now();
  const { target } = checked;
  const creds = await ctx.credentials();
  // The account's days, never the host's: a running day taken for over would never be fetched again.
  const tz = resolveTimeZone(checked.tz, creds.timezone, 'masg sync (which days to fetch, and which of them are over)');
  const today = localDateHour(tz, new Date()).date;
  const early = planDays({ from: checked.from, to: checked.to, lookback: checked.lookback, today }); // the range's own checks
  const ui = await ctx.ui();
  if (ctx.globals.dryRun) return dryRun(ctx, checked, creds.email, today);
  // Shown before the database opens: loading DuckDB holds the main thread for most of a second.
  ui.progress(0, early.days.length, (await import('./sync-progress.js')).progressLabel(target.label, 0, undefined));
  const sdkReady = ctx.sdk();
  sdkReady.catch(() => undefined); // awaited below; a failure to open the database comes first
  const store = await openWarehouse(ctx, target, checked, ui);
  try {
    const sdk = await sdkReady;
    const deadlineAt = ctx.globals.deadline === undefined ? undefined : startedAt + ctx.globals.deadline * 1000;
    const retry = { retries: ctx.globals.retries, deadlineAt };
    await syncAccount({ store, ui, sdk, email: creds.email, timezone: tz, checked, retry, signal: ctx.io.signal, env: ctx.io.env });
    return { kind: 'done' };
  } finally {
    await store.session.close();
  }
}

/** --dry-run: the plan from the warehouse's state, opened read-only (none yet: the first run's plan). */
async function dryRun(ctx: WarehousePort, checked: CheckedFlags, email: string, today: ReturnType<typeof localDateHour>['date']) {
  const { target, grain } = checked;
  const noFileYet = target.kind === 'duckdb' && !existsSync(target.path);
  const session = noFileYet ? undefined : await openSession(target, { readOnly: true, create: false });
  const store = session && new WarehouseStore(session);
  try {
    const meta = store ? await store.readMeta() : {};
    await store?.refuseForeignTables(meta);
    // A version-1 warehouse holds one account without the column: read as the upgrade will make it.
    const current = store !== undefined && meta.schema !== '1';
    const state = current ? await store.dayState(email, grain) : meta.account === email ? await v1State(store!, grain) : {};
    const { days } = planDays({ from: checked.from, to: checked.to, lookback: checked.lookback, today, lastComplete: state.lastComplete });
    const sdk = await ctx.sdk();
    const { describePlan } = await import('./sync-plan.js');
    const known = current ? () => store.knownCampaigns(email) : () => Promise.resolve([]);
    return { kind: 'plan' as const, plan: await describePlan(sdk, known, { target: target.label, grain, days }) };
  } finally {
    await session?.close();
  }
}

async function v1State(store: WarehouseStore, grain: Grain): Promise<{ lastComplete?: string }> {
  const r = await store.query('SELECT CAST(max(CASE WHEN complete THEN date END) AS VARCHAR) FROM masg_sync_days WHERE grain = $1', [
    grain,
  ]);
  return { lastComplete: r.rows[0]?.[0] ?? undefined };
}

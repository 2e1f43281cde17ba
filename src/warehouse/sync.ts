// `masg sync`: flags checked → database opened and claimed for this account and zone → days
// planned → the run (sync-run.ts): reports fetched into staging files (sync-fetch.ts), each day
// committed in order in one transaction with its state row, so the state never runs ahead of the
// data. --dry-run returns the plan (sync-plan.ts) instead.

import { existsSync } from 'node:fs';
import type { WarehousePort } from './port.js';
import { UsageError } from '../core/errors.js';
import { parseConcurrency } from '../core/pool.js';
import { resolveTimeZone, localDateHour } from '../time/zone.js';
import { oneOf } from '../schema/rules.js';
import { parseLookback, planDays } from './plan.js';
import { GRAINS, SCHEMA_VERSION, type Grain } from './schema.js';
import { openSession } from './session.js';
import { writerSettings } from './sync-duckdb-settings.js';
import { WarehouseStore } from './store.js';
import { warehouseTarget } from './target.js';
import type { SyncPlan } from './sync-plan.js';

export interface SyncFlags {
  db?: string;
  from?: string;
  to?: string;
  tz?: string;
  lookback?: string;
  grain?: string;
  concurrency?: string;
}

/** What a sync hands back: done (its lines are printed as it runs), or the plan of a dry run. */
export type SyncOutcome = { kind: 'done' } | { kind: 'plan'; plan: SyncPlan };

/** Everything the user typed, checked before anything is opened or sent. */
function checkFlags(ctx: WarehousePort, flags: SyncFlags) {
  const target = warehouseTarget(flags.db, ctx);
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  const grain = oneOf<Grain>('--grain', flags.grain ?? 'day', GRAINS);
  const lookback = parseLookback(flags.lookback);
  const concurrency = parseConcurrency(flags.concurrency);
  const writer = writerSettings(ctx.io.env);
  if (ctx.globals.raw) throw new UsageError('--raw prints one response body; masg sync writes a database.', { field: '--raw' });
  return { target, grain, lookback, concurrency, writer };
}

export async function runSync(ctx: WarehousePort, flags: SyncFlags): Promise<SyncOutcome> {
  const startedAt = performance.now();
  const { target, grain, lookback, concurrency, writer } = checkFlags(ctx, flags);
  const creds = await ctx.credentials();
  // The account's days, never the host's: a running day taken for over would never be fetched again.
  const tz = resolveTimeZone(flags.tz, creds.timezone, 'masg sync (which days to fetch, and which of them are over)');
  const today = localDateHour(tz, new Date()).date;
  const early = planDays({ from: flags.from, to: flags.to, lookback, today }); // the range's own checks

  const dryRun = Boolean(ctx.globals.dryRun);
  // Shown before the database opens: loading DuckDB holds the main thread for most of a second.
  const ui = await ctx.ui();
  if (!dryRun) ui.progress(0, early.days.length, (await import('./sync-progress.js')).progressLabel(target.label, 0, undefined));
  const sdkReady = ctx.sdk();
  sdkReady.catch(() => undefined); // awaited below; a failure to open the database comes first
  const noFileYet = dryRun && target.kind === 'duckdb' && !existsSync(target.path);
  const session = noFileYet ? undefined : await openSession(target, { readOnly: dryRun, create: !dryRun, writer });
  const store = session && new WarehouseStore(session);
  try {
    if (store && !dryRun) await store.lock();
    const meta = store ? await store.readMeta() : {};
    // Someone else's tables, another account, another zone: refused before anything is written.
    await store?.refuseForeignTables(meta);
    store?.checkMeta(meta, { account: creds.email, timezone: tz });
    if (store && !dryRun) await store.claim({ account: creds.email, timezone: tz, schema: SCHEMA_VERSION });
    const state = store ? await store.dayState(grain) : {};
    const { days } = planDays({ from: flags.from, to: flags.to, lookback, today, lastComplete: state.lastComplete });
    const sdk = await sdkReady;
    if (dryRun) {
      const { describePlan } = await import('./sync-plan.js');
      return { kind: 'plan', plan: await describePlan(sdk, store, { target: target.label, grain, days }) };
    }
    const deadlineAt = ctx.globals.deadline === undefined ? undefined : startedAt + ctx.globals.deadline * 1000;
    const { syncDays } = await import('./sync-run.js');
    const deps = { sdk, store: store!, ui, signal: ctx.io.signal, env: ctx.io.env };
    await syncDays(deps, { grain, concurrency, days, retry: { retries: ctx.globals.retries, deadlineAt } });
    return { kind: 'done' };
  } finally {
    await session?.close();
  }
}

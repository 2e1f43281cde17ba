// `masg sync`: flags checked → database opened, upgraded if older (upgrade.ts), and claimed →
// for each account: its service and zone claimed (refused when it holds the e-mail from another
// service: service.ts), its days planned in its own zone → the run (sync-run.ts): reports fetched into
// staging files (sync-fetch.ts), each day committed in order in one transaction with its state
// row, so the state never runs ahead of the data. One account is the path it always was; several
// (`--profile a,b`, --all-profiles) run concurrently (sync-accounts.ts). --dry-run returns the plan
// (sync-plan.ts) instead; --status reads the state (sync-status.ts).

import { existsSync } from 'node:fs';
import type { EachAccount, WarehousePort } from './port.js';
import { UsageError } from '../core/errors.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import { DEFAULT_LOOKBACK_DAYS } from '../config/defaults.js';
import { resolveTimeZone, localDateHour } from '../time/zone.js';
import { oneOf } from '../schema/rules.js';
import { checkDayFlags, planDays } from './plan.js';
import { ACCOUNTS_TABLE, GRAINS, SCHEMA_VERSION, type Grain } from './schema.js';
import { refuseOtherService, serviceOf } from './service.js';
import { DEFAULT_HOLD_CUT } from './restatements.js';
import { openSession } from './session.js';
import { writerSettings } from './sync-duckdb-settings.js';
import { WarehouseStore } from './store.js';
import { warehouseTarget } from './target.js';
import type { SyncPlan } from './sync-plan.js';
import { openWarehouse, syncAccount, type CheckedFlags } from './sync-account.js';
import type { StatusRow } from './sync-status.js';
import { syncStatus, namedProfiles } from './sync-status.js';
import { syncAccounts } from './sync-accounts.js';
import { progressLabel } from './sync-progress.js';
import { describePlan } from './sync-plan.js';
import type { AccountResult } from '../sdk/accounts.js';

export interface SyncFlags {
  db?: string;
  from?: string;
  to?: string;
  tz?: string;
  /** Parsed by commander (config/defaults.ts's parseLookback, core/pool.ts's parseConcurrency). */
  lookback?: number;
  grain?: string;
  concurrency?: number;
  status?: boolean;
  /** --hold-cut PERCENT (default 50). */
  holdCut?: string;
  /** --accept-restated DAY[,DAY…]. */
  acceptRestated?: string;
}

/** What a sync hands back: done (its lines are printed as it runs), the plan of a dry run, or --status's rows. */
export type SyncOutcome =
  { kind: 'done'; accounts?: AccountResult<unknown>[] } | { kind: 'plan'; plan: SyncPlan } | { kind: 'status'; rows: StatusRow[] };

/** Everything the user typed, checked before anything is opened or sent. */
function checkFlags(ctx: WarehousePort, flags: SyncFlags): CheckedFlags {
  const target = warehouseTarget(flags.db, ctx);
  if (target.kind === 'postgres') ctx.secrets.push(...target.secrets);
  const grain = oneOf<Grain>('--grain', flags.grain ?? 'day', GRAINS);
  const lookback = flags.lookback ?? DEFAULT_LOOKBACK_DAYS;
  const concurrency = flags.concurrency ?? DEFAULT_CONCURRENCY;
  const writer = writerSettings(ctx.io.env);
  const holdCut = parseHoldCut(flags.holdCut);
  const accept = parseAccepted(flags.acceptRestated);
  checkDayFlags({ from: flags.from, to: flags.to, accept }); // their form, before any account's zone is known
  return { target, grain, lookback, concurrency, writer, from: flags.from, to: flags.to, tz: flags.tz, holdCut, accept };
}

function parseHoldCut(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_HOLD_CUT;
  const n = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(n >= 0 && n <= 100)) throw new UsageError(`--hold-cut: "${raw}" is not a per cent from 0 to 100.`, { field: '--hold-cut' });
  return n;
}

/** --accept-restated's comma list, each day read as every date flag reads it (resolved in the account's zone by planDays). */
function parseAccepted(raw: string | undefined): string[] {
  return raw === undefined ? [] : raw.split(',').map((d) => d.trim());
}

/** `each`: the one runner over accounts, for a list of them (the command passes it: warehouse/ does not import upward). */
export async function runSync(ctx: WarehousePort, flags: SyncFlags, each?: EachAccount): Promise<SyncOutcome> {
  const checked = checkFlags(ctx, flags);
  const list = await ctx.accounts?.();
  if (flags.status) {
    return { kind: 'status', rows: await syncStatus(ctx, checked.target, list?.names ?? namedProfiles(ctx)) };
  }
  if (list && each) return { kind: 'done', accounts: await syncAccounts(ctx, checked, list, each) };
  return syncOne(ctx, checked);
}

async function syncOne(ctx: WarehousePort, checked: CheckedFlags): Promise<SyncOutcome> {
  const { target } = checked;
  const creds = await ctx.credentials();
  // The account's days, never the host's: a running day taken for over would never be fetched again.
  const tz = resolveTimeZone(checked.tz, creds.timezone, 'masg sync (which days to fetch, and which of them are over)');
  const today = localDateHour(tz, new Date()).date;
  // The range's own checks and --accept-restated's days, before anything is opened.
  const early = planDays({ from: checked.from, to: checked.to, accept: checked.accept, lookback: checked.lookback, today });
  const ui = await ctx.ui();
  // The embedded sandbox is one service, whatever port this run gave it.
  const service = serviceOf(creds.baseUrl, ctx.globals.sandbox === true);
  if (ctx.globals.dryRun) return dryRun(ctx, checked, { email: creds.email, service }, today);
  // Shown before the database opens: loading DuckDB holds the main thread for most of a second.
  ui.progress(0, early.days.length, progressLabel(target.label, 0, undefined));
  const sdkReady = ctx.sdk();
  sdkReady.catch(() => undefined); // awaited below; a failure to open the database comes first
  const store = await openWarehouse(ctx, target, checked, ui);
  try {
    const sdk = await sdkReady;
    const retry = { retries: ctx.globals.retries, deadlineAt: ctx.deadlineAt };
    const account = { email: creds.email, timezone: tz, service };
    await syncAccount({ store, ui, sdk, ...account, checked, retry, signal: ctx.io.signal, env: ctx.io.env });
    return { kind: 'done' };
  } finally {
    await store.session.close();
  }
}

/**
 * --dry-run: the plan from the warehouse's state, opened read-only (none yet: the first run's
 * plan); refused as the sync would be when the warehouse holds the account from another service.
 */
async function dryRun(
  ctx: WarehousePort,
  checked: CheckedFlags,
  { email, service }: { email: string; service: string },
  today: ReturnType<typeof localDateHour>['date'],
) {
  const { target, grain } = checked;
  const noFileYet = target.kind === 'duckdb' && !existsSync(target.path);
  const session = noFileYet ? undefined : await openSession(target, { readOnly: true, create: false });
  const store = session && new WarehouseStore(session);
  try {
    const meta = store ? await store.readMeta() : {};
    await store?.refuseForeignTables(meta);
    // A version-1 warehouse holds one account without the column: read as the upgrade will make it.
    const current = store !== undefined && meta.schema !== '1';
    if (store && meta.schema === SCHEMA_VERSION) refuseOtherService(store.label, email, await heldService(store, email), service);
    const state = current ? await store.dayState(email, grain) : meta.account === email ? await v1State(store!, grain) : {};
    const { from, to, accept, lookback } = checked;
    const { days, accepted } = planDays({ from, to, accept, lookback, today, lastComplete: state.lastComplete });
    const sdk = await ctx.sdk();
    const known = current ? () => store.knownCampaigns(email) : () => Promise.resolve([]);
    return { kind: 'plan' as const, plan: await describePlan(sdk, known, { target: target.label, grain, days, accepted }) };
  } finally {
    await session?.close();
  }
}

/** The service the warehouse holds the account from (none before version 4, nor before its first sync). */
async function heldService(store: WarehouseStore, email: string): Promise<string | undefined> {
  const r = await store.query(`SELECT service FROM ${ACCOUNTS_TABLE.name} WHERE account = $1`, [email]);
  return r.rows[0]?.[0] ?? undefined;
}

async function v1State(store: WarehouseStore, grain: Grain): Promise<{ lastComplete?: string }> {
  const r = await store.query('SELECT CAST(max(CASE WHEN complete THEN date END) AS VARCHAR) FROM masg_sync_days WHERE grain = $1', [
    grain,
  ]);
  return { lastComplete: r.rows[0]?.[0] ?? undefined };
}

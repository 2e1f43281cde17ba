// One account's sync on a warehouse opened for writing: the database opened, upgraded from an
// older version if need be (upgrade.ts) and claimed; then the account locked (PostgreSQL), its
// service and zone claimed, its days planned in that zone, run (sync-run.ts) and the run
// recorded. Shared by the one-account path (sync.ts) and the several-account one (sync-accounts.ts).

import { randomUUID } from 'node:crypto';
import { InterruptedError } from '../core/errors.js';
import type { WarehousePort } from './port.js';
import type { MasgClient } from '../sdk/types.js';
import type { Ui } from '../output/ui.js';
import { localDateHour } from '../time/zone.js';
import { planDays } from './plan.js';
import { SCHEMA_VERSION, type Grain } from './schema.js';
import { openSession } from './session.js';
import type { WriterSettings } from './sync-duckdb-settings.js';
import { WarehouseStore } from './store.js';
import { claimAccount, lockAccount, recordRun, recordStart, timestampNow, unlockAccount } from './store-accounts.js';
import type { Target } from './target.js';
import type { Limiter } from './sync-window.js';
import { needsUpgrade, upgrade } from './upgrade.js';
import { syncDays } from './sync-run.js';
import { accountFailure } from '../sdk/accounts.js';
import { heldError } from './restatements.js';
import { OtherServiceError } from './service.js';

/** The flags, checked (sync.ts). */
export interface CheckedFlags {
  target: Target;
  grain: Grain;
  lookback: number;
  concurrency: number;
  writer: WriterSettings;
  from?: string;
  to?: string;
  tz?: string;
  /** --hold-cut: per cent (restatements.ts). */
  holdCut: number;
  /** --accept-restated: the days whose held answer this run takes, as typed (planDays reads them in the account's zone). */
  accept: string[];
}

/** What each version's upgrade adds, as the notice says it. */
const UPGRADE_ADDS: Record<string, string> = {
  '1': "hold several accounts, a restatement ledger and each account's service",
  '2': "keep a restatement ledger and each account's service",
  '3': "record each account's service",
};

/** The database opened for writing, upgraded from an older version if need be, its tables and meta claimed. */
export async function openWarehouse(ctx: WarehousePort, target: Target, checked: CheckedFlags, ui: Ui): Promise<WarehouseStore> {
  const session = await openSession(target, { readOnly: false, create: true, writer: checked.writer });
  const store = new WarehouseStore(session);
  try {
    const meta = await store.readMeta();
    // Someone else's tables, a newer masg's: refused before anything is written.
    await store.refuseForeignTables(meta);
    if (needsUpgrade(meta)) {
      ui.notice(
        `masg sync: upgrading ${target.label} to ${UPGRADE_ADDS[meta.schema]} (schema version ${SCHEMA_VERSION}); every row is kept.`,
      );
      await upgrade(store, meta, pauseHook(ctx, ui)); // and claimed
    } else {
      store.checkVersion(meta);
      await store.claim();
    }
    return store;
  } catch (err) {
    await session.close();
    throw err;
  }
}

/**
 * MASG_TEST_UPGRADE_PAUSE=STEP (MASG_TEST_RESTATE_PAUSE=STEP) stops the upgrade (a restated day's
 * write) at that step until the process is killed: the kill -9 tests
 * (test/e2e/warehouse-upgrade-kill.test.ts, warehouse-restatement-kill.test.ts) need a known moment inside it.
 */
function pauseHook(ctx: WarehousePort, ui: Ui) {
  return pauseAt('upgrade', 'MASG_TEST_UPGRADE_PAUSE', ctx.io.env, ctx.io.signal, ui);
}

function pauseAt(what: string, name: string, env: Record<string, string | undefined>, signal: AbortSignal, ui: Ui) {
  const at = env[name];
  return async (step: string) => {
    if (at !== step) return;
    ui.warn(`${what} paused at ${step} (${name})`);
    // Only a signal ends the pause, and it ends the transaction too (rolled back).
    await new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(new InterruptedError()), { once: true }));
  };
}

/** One account's sync, on a store already claimed. */
export interface AccountSync {
  store: WarehouseStore;
  ui: Ui;
  sdk: MasgClient;
  email: string;
  timezone: string;
  /** The service the account is reached at (service.ts): an e-mail at another service is another account. */
  service: string;
  checked: CheckedFlags;
  retry: { retries: number; deadlineAt?: number };
  signal: AbortSignal;
  env: Record<string, string | undefined>;
  shared?: { limit: Limiter };
}

/**
 * Locks the account (PostgreSQL), claims its service and zone, plans its days, runs them, and
 * records the run. A run refused for another service is not recorded: the account's row is the
 * other service's account, whose last run it was not.
 */
export async function syncAccount(a: AccountSync): Promise<void> {
  const { store, email, checked } = a;
  const today = localDateHour(a.timezone, new Date()).date;
  const { from, to, accept, lookback } = checked;
  planDays({ from, to, accept, lookback, today }); // the range's own checks and --accept-restated's days, before the account is locked
  await lockAccount(store, email);
  const started = timestampNow();
  let held;
  try {
    await claimAccount(store, email, { timezone: a.timezone, service: a.service, lookback: checked.lookback });
    await recordStart(store, email, started);
    const state = await store.dayState(email, checked.grain);
    const plan = planDays({ from, to, accept, lookback, today, lastComplete: state.lastComplete });
    const deps = { sdk: a.sdk, account: email, store, ui: a.ui, signal: a.signal, env: a.env, shared: a.shared };
    const pause = a.env.MASG_TEST_RESTATE_PAUSE ? pauseAt('restatement', 'MASG_TEST_RESTATE_PAUSE', a.env, a.signal, a.ui) : undefined;
    const policy = { holdCut: checked.holdCut, accept: new Set(plan.accepted), runId: randomUUID(), pause };
    held = await syncDays(deps, { grain: checked.grain, concurrency: checked.concurrency, days: plan.days, retry: a.retry, policy });
    if (held.length === 0) await recordRun(store, email, { started, result: 'ok' });
  } catch (err) {
    if (err instanceof OtherServiceError) throw err;
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    await recordRun(store, email, { started, result: accountFailure(err), message }).catch(() => undefined);
    throw err;
  } finally {
    await unlockAccount(store, email).catch(() => undefined);
  }
  if (held.length > 0) {
    const message = `held ${held.map((d) => d.date).join(', ')}; take with --accept-restated`;
    await recordRun(store, email, { started, result: 'held', message });
    throw heldError(email, held, checked.holdCut);
  }
}

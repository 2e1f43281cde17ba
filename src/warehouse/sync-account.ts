// One account's sync on a warehouse opened for writing: the database opened, upgraded from
// version 1 if need be (upgrade.ts) and claimed; then the account locked (PostgreSQL), its zone
// claimed, its days planned in that zone, run (sync-run.ts) and the run recorded. Shared by the
// one-account path (sync.ts) and the several-account one (sync-accounts.ts).

import { InterruptedError } from '../core/errors.js';
import type { WarehousePort } from './port.js';
import type { MasgClient } from '../sdk/types.js';
import type { Ui } from '../output/ui.js';
import { localDateHour } from '../time/zone.js';
import { planDays } from './plan.js';
import type { Grain } from './schema.js';
import { openSession } from './session.js';
import type { WriterSettings } from './sync-duckdb-settings.js';
import { WarehouseStore } from './store.js';
import { claimAccount, lockAccount, recordRun, timestampNow, unlockAccount } from './store-accounts.js';
import type { Target } from './target.js';
import type { Limiter } from './sync-window.js';

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
}

/** The database opened for writing, upgraded from version 1 if need be, its tables and meta claimed. */
export async function openWarehouse(ctx: WarehousePort, target: Target, checked: CheckedFlags, ui: Ui): Promise<WarehouseStore> {
  const session = await openSession(target, { readOnly: false, create: true, writer: checked.writer });
  const store = new WarehouseStore(session);
  try {
    const meta = await store.readMeta();
    // Someone else's tables, a newer masg's: refused before anything is written.
    await store.refuseForeignTables(meta);
    const { needsUpgrade, upgradeV1 } = await import('./upgrade.js');
    if (needsUpgrade(meta)) {
      ui.notice(`masg sync: upgrading ${target.label} to hold several accounts (schema version 2); every row is kept.`);
      await upgradeV1(store, meta, pauseHook(ctx, ui));
    } else store.checkVersion(meta);
    await store.claim();
    return store;
  } catch (err) {
    await session.close();
    throw err;
  }
}

/**
 * MASG_TEST_UPGRADE_PAUSE=STEP stops the upgrade at that step until the process is killed: the
 * kill -9 tests (test/e2e/warehouse-upgrade-kill.test.ts) need a known moment inside it.
 */
function pauseHook(ctx: WarehousePort, ui: Ui) {
  const at = ctx.io.env.MASG_TEST_UPGRADE_PAUSE;
  return async (step: string) => {
    if (at !== step) return;
    ui.warn(`upgrade paused at ${step} (MASG_TEST_UPGRADE_PAUSE)`);
    // Only a signal ends the pause, and it ends the upgrade too (rolled back).
    await new Promise<void>((_resolve, reject) =>
      ctx.io.signal.addEventListener('abort', () => reject(new InterruptedError()), { once: true }),
    );
  };
}

/** One account's sync, on a store already claimed. */
export interface AccountSync {
  store: WarehouseStore;
  ui: Ui;
  sdk: MasgClient;
  email: string;
  timezone: string;
  checked: CheckedFlags;
  retry: { retries: number; deadlineAt?: number };
  signal: AbortSignal;
  env: Record<string, string | undefined>;
  shared?: { limit: Limiter };
}

/** Locks the account (PostgreSQL), claims its zone, plans its days, runs them, and records the run. */
export async function syncAccount(a: AccountSync): Promise<void> {
  const { store, email, checked } = a;
  const today = localDateHour(a.timezone, new Date()).date;
  planDays({ from: checked.from, to: checked.to, lookback: checked.lookback, today }); // the range's own checks
  await lockAccount(store, email);
  const started = timestampNow();
  try {
    await claimAccount(store, email, a.timezone, checked.lookback);
    const state = await store.dayState(email, checked.grain);
    const { days } = planDays({ from: checked.from, to: checked.to, lookback: checked.lookback, today, lastComplete: state.lastComplete });
    const { syncDays } = await import('./sync-run.js');
    const deps = { sdk: a.sdk, account: email, store, ui: a.ui, signal: a.signal, env: a.env, shared: a.shared };
    await syncDays(deps, { grain: checked.grain, concurrency: checked.concurrency, days, retry: a.retry });
    await recordRun(store, email, { started, result: 'ok' });
  } catch (err) {
    const { accountFailure } = await import('../sdk/accounts.js');
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    await recordRun(store, email, { started, result: accountFailure(err), message }).catch(() => undefined);
    throw err;
  } finally {
    await unlockAccount(store, email).catch(() => undefined);
  }
}

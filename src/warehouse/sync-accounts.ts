// `masg sync --profile a,b` and --all-profiles: one warehouse, several accounts, through the one
// runner over accounts (given by the command: src/command-kit/accounts-run.ts). Each account plans
// its days in its own zone and commits each day in its own transaction, as one account always
// did, its requests within its own share of --concurrency; a failed account costs the others
// nothing. The runner writes the status lines and refuses --tz; the exit code is its rule's.

import { UsageError } from '../core/errors.js';
import type { AccountResult } from '../sdk/accounts.js';
import { resolveTimeZone } from '../time/zone.js';
import type { EachAccount, WarehousePort } from './port.js';
import { openWarehouse, syncAccount, type CheckedFlags } from './sync-account.js';
import { limiter } from './sync-window.js';
import { serviceOf } from './service.js';

export async function syncAccounts(
  ctx: WarehousePort,
  checked: CheckedFlags,
  list: { names: string[]; source: string },
  each: EachAccount,
): Promise<Array<AccountResult<unknown>>> {
  if (ctx.globals.dryRun) {
    throw new UsageError(`--dry-run shows the plan of one account; ${list.source} names several.`, {
      field: '--dry-run',
      hint: 'Run it once per account: masg sync --dry-run --profile NAME.',
    });
  }
  // Refused before the warehouse opens, as every flag is.
  if (checked.tz !== undefined) return each({ ...list, tz: checked.tz, concurrency: checked.concurrency, doneVerb: 'synced', call: noop });
  const ui = await ctx.ui();
  const store = await openWarehouse(ctx, checked.target, checked, ui);
  try {
    const retry = { retries: ctx.globals.retries, deadlineAt: ctx.deadlineAt };
    // Each account's requests within its own share, so a hung account never holds the others' slots.
    const atOnce = Math.min(checked.concurrency, list.names.length);
    const share = Math.max(1, Math.floor(checked.concurrency / atOnce));
    return await each({
      ...list,
      concurrency: checked.concurrency,
      doneVerb: 'synced',
      label: `Syncing ${list.names.length} accounts into ${store.label}`,
      async call(scope, account, signal) {
        const email = account.email ?? '';
        const timezone = resolveTimeZone(undefined, account.timeZone, `masg sync of ${account.name} (which days to fetch)`);
        const [sdk, accountUi, creds] = await Promise.all([scope.sdk(), scope.ui(), scope.credentials()]);
        // Its own share is all it runs at once: no request of it waits in a queue (nor on its signal) for a slot.
        const own = { ...checked, concurrency: share };
        const service = serviceOf(creds.baseUrl);
        const sync = { store, ui: accountUi, sdk, email, timezone, service, checked: own, retry, signal, env: ctx.io.env };
        await syncAccount({ ...sync, shared: { limit: limiter(share) } });
      },
    });
  } finally {
    await store.session.close();
  }
}

const noop = () => Promise.resolve();

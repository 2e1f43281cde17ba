// Schema versions 1, 2 and 3 → 4, in place, on the first sync that needs it (docs/warehouse.md,
// "Upgrading"). Versions 2 and 3 → 4 (upgradeInPlace): the restatement ledger created if it is
// missing (version 2 had none) and masg_sync_accounts given its `service` column (NULL: the next
// sync of each account records the service it comes from), with the version written, in ONE
// transaction under the schema lock. Version 1 → 4 is the rebuild below, the tables added since
// created in the same transaction.
// Version 1 held one account, named only in masg_sync_meta, and no `account` column. Each of its
// tables is rebuilt as version 2 has it (the `account` column first, first in every key) with
// every row kept and the account filled in from the meta, the new tables created, and the version
// written: all in ONE transaction, so a crash or kill -9 at any point leaves version 1 whole, or
// the current version whole, never a mix. Each table's rows are counted before and after, inside it.

import { LocalIOError } from '../core/errors.js';
import {
  ACCOUNTS_TABLE,
  ALL_TABLES,
  columnSqlType,
  createTableSql,
  LOCKS_TABLE,
  META_TABLE,
  RESTATEMENTS_TABLE,
  SCHEMA_VERSION,
  type TableDef,
} from './schema.js';
import type { WarehouseStore } from './store.js';

/** The tables versions 2 and 3 added to version 1's. */
const ADDED: readonly TableDef[] = [ACCOUNTS_TABLE, LOCKS_TABLE, RESTATEMENTS_TABLE];

/**
 * Version 1's tables, each the same as now but for the `account` column: every table but the
 * ones added since and the meta, which stays key/value.
 */
const REBUILT: readonly TableDef[] = ALL_TABLES.filter((t) => !ADDED.includes(t) && t !== META_TABLE);

/** Called at each step (a test pauses there to kill the process: test/e2e/warehouse-upgrade-kill.test.ts). */
export type UpgradeStep = (step: string) => Promise<void>;

/** The versions this masg upgrades: every one before its own. */
const OLDER = ['1', '2', '3'];

export function needsUpgrade(meta: Record<string, string>): boolean {
  return meta.schema !== undefined && OLDER.includes(meta.schema);
}

/** Version 1, 2 or 3 → the current one, in one transaction; the warehouse is then claimed. */
export async function upgrade(store: WarehouseStore, meta: Record<string, string>, step: UpgradeStep): Promise<void> {
  if (meta.schema === '1') return upgradeV1(store, meta, step);
  await upgradeInPlace(store, step);
}

/**
 * Version 2 or 3 → 4: every missing table created (version 2's missing ledger), the accounts'
 * `service` column added, the version written, in one transaction: a kill -9 before its COMMIT
 * leaves the old version whole (the next sync upgrades it again), after it the new one.
 */
export async function upgradeInPlace(store: WarehouseStore, step: UpgradeStep): Promise<void> {
  const s = store.session;
  await store.transaction(async () => {
    await store.schemaLock();
    // Another host may have upgraded it while this one waited for the lock.
    const again = await s.query("SELECT value FROM masg_sync_meta WHERE key = 'schema'");
    if (again.rows[0]?.[0] !== '2' && again.rows[0]?.[0] !== '3') return;
    await step('begin');
    const service = ACCOUNTS_TABLE.columns.find((c) => c.name === 'service')!;
    await s.exec(`ALTER TABLE ${ACCOUNTS_TABLE.name} ADD COLUMN IF NOT EXISTS service ${columnSqlType(service, s.dialect)}`);
    await step(ACCOUNTS_TABLE.name);
    await s.exec(ALL_TABLES.map((t) => createTableSql(t, s.dialect)).join(';\n'));
    await store.putMeta({ schema: SCHEMA_VERSION });
    await step('commit');
  });
  await step('committed');
}

export async function upgradeV1(store: WarehouseStore, meta: Record<string, string>, step: UpgradeStep): Promise<void> {
  const account = meta.account;
  if (!account) {
    throw new LocalIOError(`The warehouse ${store.label} has schema version 1 but names no account: it cannot be upgraded.`, {
      path: store.label,
    });
  }
  const s = store.session;
  await store.transaction(async () => {
    await store.schemaLock();
    // Another host may have upgraded it while this one waited for the lock.
    const again = await s.query("SELECT value FROM masg_sync_meta WHERE key = 'schema'");
    if (again.rows[0]?.[0] !== '1') return;
    await step('begin');
    for (const table of REBUILT) {
      await rebuild(store, table, account);
      await step(table.name);
    }
    await s.exec(ADDED.map((t) => createTableSql(t, s.dialect)).join(';\n'));
    await s.exec(`INSERT INTO ${ACCOUNTS_TABLE.name} (account, timezone) VALUES ($1, $2)`, [account, meta.timezone ?? '']);
    await store.putMeta({ schema: SCHEMA_VERSION });
    await step('commit');
  });
  await step('committed');
}

/** The table as version 2 has it, under a new name, filled from the old one; then the old dropped and the new renamed. */
async function rebuild(store: WarehouseStore, table: TableDef, account: string): Promise<void> {
  const s = store.session;
  const next = `${table.name}__v2`;
  const old = table.columns.filter((c) => c.name !== 'account').map((c) => c.name);
  await s.exec(createTableSql(table, s.dialect, next));
  await s.exec(`INSERT INTO ${next} (account, ${old.join(', ')}) SELECT CAST($1 AS VARCHAR), ${old.join(', ')} FROM ${table.name}`, [
    account,
  ]);
  const counts = await s.query(`SELECT (SELECT count(*) FROM ${table.name}), (SELECT count(*) FROM ${next})`);
  const [before, after] = counts.rows[0] ?? [];
  if (before !== after) {
    throw new LocalIOError(`Upgrading ${store.label}: ${table.name} had ${before} rows, its new version ${after}; nothing was changed.`, {
      path: store.label,
    });
  }
  await s.exec(`DROP TABLE ${table.name}`);
  await s.exec(`ALTER TABLE ${next} RENAME TO ${table.name}`);
  // PostgreSQL names the key's index after the table it was created with: named as a new warehouse's.
  if (s.dialect === 'postgres') await s.exec(`ALTER INDEX ${next}_pkey RENAME TO ${table.name}_pkey`);
}

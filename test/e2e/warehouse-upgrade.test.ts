// A warehouse written by the version-1 release (one account, no `account` column) is upgraded in
// place by the first sync: every row kept, the account filled in from the old meta, on DuckDB and
// on a real PostgreSQL server. kill -9 during the upgrade: warehouse-upgrade-kill.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { dumpAll, duckPath, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { expectWhole, held, makeV1, open } from '../warehouse/v1.js';
import { WarehouseStore } from '../../src/warehouse/store.js';
import { upgradeV1 } from '../../src/warehouse/upgrade.js';
import { SCHEMA_VERSION } from '../../src/warehouse/schema.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const TZ = ['--tz', 'America/New_York'];
let h: Harness;
let pg: { createDatabase(): Promise<string>; stop(): Promise<void> } | undefined;
beforeAll(async () => {
  [h, pg] = await Promise.all([startWarehouseHarness(), POSTGRES_SKIP ? undefined : startPostgres()]);
}, 60_000);
afterAll(async () => {
  await h.close();
  await pg?.stop();
  removeTempDirs();
});

/** A version-2 warehouse of the demo account (days and hours), synced by today's code: the rows version 1 gets. */
async function synced(db: string): Promise<void> {
  expect((await h.masg(['sync', '--db', db, '--from', '-6d', '--to', '-2d', ...TZ])).code).toBe(0);
  expect((await h.masg(['sync', '--db', db, '--grain', 'hour', '--from', '-3d', '--to', '-3d', ...TZ])).code).toBe(0);
}

const engines: Array<[string, () => Promise<string>]> = [['DuckDB', () => Promise.resolve(duckPath())]];
if (!POSTGRES_SKIP) engines.push(['PostgreSQL', () => pg!.createDatabase()]);

describe.each(engines)('upgrading a version-1 warehouse on %s', (_engine, newDb) => {
  it('every row kept, the account filled in from the old meta, in the very tables a new warehouse has', async () => {
    const [fresh, old] = [await newDb(), await newDb()];
    await synced(fresh);
    await makeV1(fresh, old, h.sandbox.demo.email, 'America/New_York');
    const before = await held(old);
    expect(before.schema).toBe('1');
    expect(before.rows.publisher_stats!.length).toBeGreaterThan(100);
    expect(before.rows.publisher_stats_hourly!.length).toBeGreaterThan(100);

    const session = await open(old);
    const store = new WarehouseStore(session);
    const steps: string[] = [];
    try {
      await upgradeV1(store, await store.readMeta(), (step) => Promise.resolve(void steps.push(step)));
    } finally {
      await session.close();
    }
    expect(steps.at(-1)).toBe('committed');
    const after = await held(old);
    expect(after.schema).toBe(SCHEMA_VERSION);
    expectWhole(after, before, h.sandbox.demo.email);
    // Row for row what today's code writes (the run's own bookkeeping aside), the zone carried over;
    // the service version 1 never recorded is left for the next sync to record (services.test.ts).
    const [upgraded, expected] = [await dumpAll(h, old), await dumpAll(h, fresh)];
    const service = new URL(h.sandbox.url).origin;
    expected.masg_sync_accounts = expected.masg_sync_accounts!.replace(`,America/New_York,3,${service}`, ',America/New_York,,');
    expect(upgraded).toEqual(expected);
  }, 120_000);

  it('the first sync upgrades it, says so once, and goes on from its last day', async () => {
    const [fresh, old] = [await newDb(), await newDb()];
    await synced(fresh);
    await makeV1(fresh, old, h.sandbox.demo.email, 'America/New_York');
    const before = await held(old);
    h.mark();
    const run = await h.masg(['sync', '--db', old, '--to', '-2d', ...TZ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('upgrading');
    expect(run.stderr).toContain('every row is kept');
    // It continued from the old state: the lookback of 3 days before -2d, nothing older.
    const days = h.sent().filter((r) => r.path === '/publication/statistics.xml').length;
    expect(days).toBe(3);
    expectWhole(await held(old), before, h.sandbox.demo.email);
    const again = await h.masg(['sync', '--db', old, '--to', '-2d', ...TZ]);
    expect(again.stderr).not.toContain('upgrading');
    expect(await scalar(h, old, "SELECT value FROM masg_sync_meta WHERE key = 'schema'")).toBe(SCHEMA_VERSION);
    expect(await scalar(h, old, 'SELECT service FROM masg_sync_accounts')).toBe(new URL(h.sandbox.url).origin);
  }, 120_000);
});

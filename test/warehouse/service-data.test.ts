// What the warehouse cannot hold truthfully is refused, in DuckDB (test/e2e/postgres-refusals
// tests PostgreSQL alike): a key the service sends twice, a count too big for BIGINT (exit 6,
// naming the day and the key or value, that day left as it was), and tables of masg's names in
// another case, which DuckDB takes for the same tables (exit 2, nothing changed).
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { dumpAll, duckPath, scalar, startWarehouseHarness } from './helpers.js';
import { repeatFirstRecord, replaceFirstRequests, startRewritingProxy, type Rewrite, type RewritingProxy } from './rewriting-proxy.js';

const RANGE = ['--from', '-6d', '--to', '-2d', '--tz', 'America/New_York'];

let h: Harness;
/**
 * The service of this file's syncs: the sandbox behind a proxy that rewrites what `rewriting`
 * picks (nothing, unless a test says so). Every sync of a warehouse goes through it: a warehouse
 * records the service an account is synced from and refuses the same e-mail from another one.
 */
let proxy: RewritingProxy;
let rewriting: Rewrite | undefined;
beforeAll(async () => {
  h = await startWarehouseHarness();
  proxy = await startRewritingProxy(h.env.MASG_BASE_URL, (p, q, body) => rewriting?.(p, q, body));
});
afterAll(async () => {
  await proxy.close();
  await h.close();
  removeTempDirs();
});

const sync = (db: string) => h.masg(['sync', '--db', db, ...RANGE], { env: { MASG_BASE_URL: proxy.url } });

/** A warehouse synced cleanly, and the third day of its range (YYYY-MM-DD). */
async function syncedWarehouse(): Promise<{ db: string; day: string }> {
  const db = duckPath();
  expect((await sync(db)).code).toBe(0);
  const day = await scalar(h, db, 'SELECT CAST(min(date) + 2 AS VARCHAR) FROM masg_sync_days');
  return { db, day };
}

/** The same sync again, the service now rewriting the answers of `day` on `path`. */
async function syncThrough(db: string, day: string, path: string, change: (body: string) => string | undefined) {
  const stamp = day.replace(/-/g, '');
  const before = proxy.rewritten();
  rewriting = (p, q, body) => (p.includes(path) && q.get('start')?.startsWith(stamp) ? change(body) : undefined);
  try {
    const run = await sync(db);
    expect(proxy.rewritten() - before).toBeGreaterThan(0);
    return run;
  } finally {
    rewriting = undefined;
  }
}

describe('a key the service sends twice', () => {
  it.each([
    [
      'a publisher report',
      '/publication/statistics',
      'publisher_stats',
      /\(account, date, publication, adslot, country\) = \([^,]+@[^,]+, \d{4}-\d\d-\d\d, /,
    ],
    ['a campaign report', '/statistics', 'campaign_stats', /\(account, date, campaign\) = \([^,]+@[^,]+, \d{4}-\d\d-\d\d, /],
  ])('in %s: exit 6 naming the day and the key; the warehouse is row for row as before', async (_what, path, table, key) => {
    const { db, day } = await syncedWarehouse();
    const before = await dumpAll(h, db);
    const onlyCampaigns = (body: string) => (table === 'campaign_stats' && body.includes('<adslot>') ? undefined : repeatFirstRecord(body));
    const run = await syncThrough(db, day, path, onlyCampaigns);
    // Code and message together: a failure shows what the sync said, not only its code.
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 6, stderr: expect.stringContaining(`twice for ${day} (${table})`) });
    expect(run.stderr).toMatch(key);
    expect(await dumpAll(h, db)).toEqual(before);
  });
});

describe('a count too big for the warehouse (above BIGINT)', () => {
  it("exit 6 naming the value and the day (the service's data, not a local failure); nothing of that day changes", async () => {
    const { db, day } = await syncedWarehouse();
    const before = await dumpAll(h, db);
    const run = await syncThrough(db, day, '/publication/statistics', replaceFirstRequests('99999999999999999999'));
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('"99999999999999999999" as requests');
    expect(run.stderr).toContain(`for ${day} (publisher_stats)`);
    expect(await dumpAll(h, db)).toEqual(before);
  });
});

describe('an empty figure from the service', () => {
  it('exit 6 naming the field and the day, never NULL read as 0; nothing of that day changes', async () => {
    const { db, day } = await syncedWarehouse();
    const before = await dumpAll(h, db);
    const run = await syncThrough(db, day, '/publication/statistics', replaceFirstRequests(''));
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('The service sent "" as requests');
    expect(run.stderr).toContain(day);
    expect(await dumpAll(h, db)).toEqual(before);
    expect(await scalar(h, db, 'SELECT count(*) FROM publisher_stats WHERE requests IS NULL')).toBe('0');
  });
});

describe('a database with tables of masg’s names in another case', () => {
  it('is refused (exit 2): DuckDB takes "Advertisers" for advertisers; its rows and tables are left as they were', async () => {
    const db = duckPath('crm.duckdb');
    const instance = await DuckDBInstance.create(db);
    const conn = await instance.connect();
    await conn.run(`CREATE TABLE "Advertisers" (id VARCHAR); INSERT INTO "Advertisers" VALUES ('crm-42')`);
    await conn.run(`CREATE TABLE "Publisher_Stats" (day DATE, n INTEGER); INSERT INTO "Publisher_Stats" VALUES (DATE '2020-01-01', 7)`);
    conn.closeSync();
    instance.closeSync();
    const tables = () => scalar(h, db, "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables");
    const before = await tables();

    const run = await h.masg(['sync', '--db', db, ...RANGE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("already has tables named as masg's (Advertisers, Publisher_Stats)");
    expect(await tables()).toBe(before);
    expect(await scalar(h, db, 'SELECT string_agg(id, \',\') FROM "Advertisers"')).toBe('crm-42');
    expect(await scalar(h, db, 'SELECT string_agg(CAST(n AS VARCHAR), \',\') FROM "Publisher_Stats"')).toBe('7');
  });

  it('a table of another name is no obstacle: the sync writes beside it', async () => {
    const db = duckPath('crm.duckdb');
    const instance = await DuckDBInstance.create(db);
    const conn = await instance.connect();
    await conn.run(`CREATE TABLE "Advertisers_2" (id VARCHAR)`);
    conn.closeSync();
    instance.closeSync();
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
  });
});

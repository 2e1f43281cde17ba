// PostgreSQL refuses what the warehouse cannot hold truthfully, as DuckDB does
// (test/warehouse/service-data.test.ts): a key sent twice and a count above BIGINT are exit 6
// naming the day, the warehouse row for row as before; tables are recognised by PostgreSQL's own
// rules (unquoted names fold to lower case, quoted ones keep their case, every schema on the path).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { dumpAll, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { repeatFirstRecord, replaceFirstRequests, startRewritingProxy } from '../warehouse/rewriting-proxy.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const RANGE = ['--from', '-6d', '--to', '-2d', '--tz', 'America/New_York'];

describe.skipIf(POSTGRES_SKIP !== undefined)(`PostgreSQL refusals${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
  let h: Harness;
  let pg: { createDatabase(): Promise<string>; stop(): Promise<void> };
  beforeAll(async () => {
    [h, pg] = await Promise.all([startWarehouseHarness({ latencyMs: 5 }), startPostgres()]);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await pg?.stop();
    removeTempDirs();
  });

  /**
   * Both syncs of a warehouse go through one proxy, first passing everything through: a
   * warehouse records the service an account is synced from and refuses the same e-mail from another.
   */
  let rewriting: ((path: string, query: URLSearchParams, body: string) => string | undefined) | undefined;
  const startProxy = () => startRewritingProxy(h.env.MASG_BASE_URL, (p, q, body) => rewriting?.(p, q, body));

  /** The sync again through a service rewriting `day`'s answers; the first sync went through the same proxy. */
  async function syncThrough(url: string, proxy: { url: string }, day: string, change: (body: string) => string | undefined) {
    const stamp = day.replace(/-/g, '');
    rewriting = (p, q, body) => (p.includes('/publication/statistics') && q.get('start')?.startsWith(stamp) ? change(body) : undefined);
    try {
      return await h.masg(['sync', '--db', url, ...RANGE], { env: { MASG_BASE_URL: proxy.url } });
    } finally {
      rewriting = undefined;
    }
  }

  it.each([
    [
      'a key sent twice',
      repeatFirstRecord,
      /twice for (\S+) \(publisher_stats\)/,
      /\(account, date, publication, adslot, country\) = \([^,]+@[^,]+, \d{4}-/,
    ],
    [
      'a count above BIGINT',
      replaceFirstRequests('99999999999999999999'),
      /for (\S+) \(publisher_stats\)/,
      /"99999999999999999999" as requests/,
    ],
  ])('%s: exit 6 naming the day; the warehouse row for row as before', async (_what, change, dayPattern, detail) => {
    const url = await pg.createDatabase();
    const proxy = await startProxy();
    try {
      expect((await h.masg(['sync', '--db', url, ...RANGE], { env: { MASG_BASE_URL: proxy.url } })).code).toBe(0);
      const day = await scalar(h, url, 'SELECT CAST(min(date) + 2 AS VARCHAR) FROM masg_sync_days');
      const before = await dumpAll(h, url);
      const run = await syncThrough(url, proxy, day, change);
      expect(run.code).toBe(6);
      expect(dayPattern.exec(run.stderr)?.[1]).toBe(day);
      expect(run.stderr).toMatch(detail);
      expect(await dumpAll(h, url)).toEqual(before);
    } finally {
      await proxy.close();
    }
  });

  async function withClient<T>(url: string, fn: (q: (sql: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>) {
    const { default: pgClient } = await import('pg');
    const client = new pgClient.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>);
    } finally {
      await client.end();
    }
  }

  it('an unquoted ADVERTISERS is advertisers: refused, exit 2, its rows kept', async () => {
    const url = await pg.createDatabase();
    await withClient(url, (q) => q("CREATE TABLE ADVERTISERS (id text); INSERT INTO ADVERTISERS VALUES ('crm-42')"));
    const run = await h.masg(['sync', '--db', url, ...RANGE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("already has tables named as masg's (public.advertisers)");
    expect(await withClient(url, (q) => q('SELECT id FROM advertisers'))).toEqual([{ id: 'crm-42' }]);
  });

  it('a table of masg’s name in another schema on the search path: refused, exit 2', async () => {
    const url = await pg.createDatabase();
    await withClient(url, (q) => q("CREATE SCHEMA crm; CREATE TABLE crm.campaigns (id text); INSERT INTO crm.campaigns VALUES ('c-1')"));
    const onPath = `${url}${url.includes('?') ? '&' : '?'}options=-csearch_path%3Dpublic,crm`;
    const run = await h.masg(['sync', '--db', onPath, ...RANGE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('crm.campaigns');
    expect(
      await withClient(url, (q) => q("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")),
    ).toEqual([{ n: 0 }]);
  });

  it('a quoted "Advertisers" is another table to PostgreSQL: the sync writes beside it and leaves it alone', async () => {
    const url = await pg.createDatabase();
    await withClient(url, (q) => q(`CREATE TABLE "Advertisers" (id text); INSERT INTO "Advertisers" VALUES ('crm-42')`));
    expect((await h.masg(['sync', '--db', url, ...RANGE])).code).toBe(0);
    expect(await withClient(url, (q) => q('SELECT id FROM "Advertisers"'))).toEqual([{ id: 'crm-42' }]);
    expect(Number(await scalar(h, url, 'SELECT count(*) FROM advertisers'))).toBeGreaterThan(0);
  });
});

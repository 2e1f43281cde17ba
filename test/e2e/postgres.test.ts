// masg sync and masg sql against a real PostgreSQL server started for this file (initdb in a
// temporary folder; see postgres-server.js). Skipped, saying why, only when PostgreSQL is not
// installed; CI installs it (.ci/run).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { openPostgres } from '../../src/warehouse/postgres.js';
import { piecesOf } from '../../src/warehouse/sync-requests.js';
import { dumpAll, duckPath, duplicateKeys, refetchCut, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { pinnedRange } from '../warehouse/accounts.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));
const RANGE = [...pinnedRange(6, 2), '--tz', 'America/New_York']; // compared across runs: fixed days

describe.skipIf(POSTGRES_SKIP !== undefined)(`masg sync into PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
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

  it('the same tables as a DuckDB sync of the same range, typed BIGINT / DECIMAL(18,2) / DATE', async () => {
    const url = await pg.createDatabase();
    const duck = duckPath();
    expect((await h.masg(['sync', '--db', url, ...RANGE])).code).toBe(0);
    expect((await h.masg(['sync', '--db', duck, ...RANGE])).code).toBe(0);
    const [a, b] = [await dumpAll(h, url), await dumpAll(h, duck)];
    expect(a.publisher_stats!.split('\n').length).toBeGreaterThan(100);
    expect(a).toEqual(b);
    const types = await scalar(
      h,
      url,
      "SELECT string_agg(column_name || ':' || data_type || coalesce('(' || numeric_precision || ',' || numeric_scale || ')', ''), ' ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'publisher_stats' AND data_type IN ('bigint', 'numeric', 'date')",
    );
    expect(types).toBe('date:date requests:bigint(64,0) impressions:bigint(64,0) clicks:bigint(64,0) earnings:numeric(18,2)');
  });

  it('twice with no change: identical tables, zero duplicate keys (the primary key would refuse them anyway)', async () => {
    const url = await pg.createDatabase();
    expect((await h.masg(['sync', '--db', url, ...RANGE])).code).toBe(0);
    const first = await dumpAll(h, url);
    expect((await h.masg(['sync', '--db', url, ...RANGE])).code).toBe(0);
    expect(await dumpAll(h, url)).toEqual(first);
    for (const t of ['publisher_stats', 'campaign_stats']) expect(await duplicateKeys(h, url, t)).toBe(0);
  });

  it("two syncs of one account at once: the second refuses (the account's advisory lock), exit 7, and the first completes", async () => {
    const url = await pg.createDatabase();
    h.mark();
    const first = h.masg(['sync', '--db', url, '--from', '-20d', '--to', '-2d', '--tz', 'America/New_York', '--concurrency', '1']);
    while (h.sent().filter((r) => r.path.includes('/statistics')).length < 3) await new Promise((r) => setTimeout(r, 5));
    const two = await h.masg(['sync', '--db', url, ...RANGE]);
    const one = await first;
    expect(one.code).toBe(0);
    expect(two.code).toBe(7);
    expect(two.stderr).toContain(`The account ${h.sandbox.demo.email} is being synced into`);
    expect(await duplicateKeys(h, url, 'publisher_stats')).toBe(0);
  });

  it.skipIf(!BUILT)(
    'kill -9 mid-run, then a re-run: the tables of a clean run',
    async () => {
      const [clean, url] = [await pg.createDatabase(), await pg.createDatabase()];
      const args = ['sync', '--to', '-2d', '--lookback', '0', '--tz', 'America/New_York', '--concurrency', '1'];
      expect((await h.masg([...args, '--db', clean])).code).toBe(0);
      const run = spawnMasg([...args, '--db', url], { env: { HOME: '/nonexistent', ...h.env }, stdout: 'ignore' });
      h.mark();
      while (h.sent().filter((r) => r.path.includes('/statistics')).length < 60) await new Promise((r) => setTimeout(r, 5));
      run.child.kill('SIGKILL');
      await run.ended;
      expect((await h.masg([...args, '--db', url])).code).toBe(0);
      expect(await dumpAll(h, url)).toEqual(await dumpAll(h, clean));
    },
    60_000,
  );

  it('a publisher report cut after parts of it were loaded: withdrawn in the transaction (the primary key would refuse them twice)', async () => {
    const url = await pg.createDatabase();
    const day = ['--from', '-2d', '--to', '-2d', '--tz', 'America/New_York'];
    expect((await h.masg(['sync', '--db', url, ...day])).code).toBe(0);
    const before = await dumpAll(h, url);
    const date = await scalar(h, url, 'SELECT CAST(max(date) AS VARCHAR) FROM masg_sync_days');
    const steps = await refetchCut(
      h,
      await openPostgres(url, url, { readOnly: false }),
      'day',
      piecesOf([{ date, complete: true }], 'day')[0],
    );
    expect(steps.filter((s) => s.kind === 'withdraw')).toHaveLength(1);
    const { publisher_stats: publisher, masg_sync_days: _state, ...rest } = await dumpAll(h, url);
    // The day's publisher rows are the report's, once; its campaign rows were not fetched this time.
    expect(publisher).toBe(before.publisher_stats);
    expect(await duplicateKeys(h, url, 'publisher_stats')).toBe(0);
    expect(rest.publications).toBe(before.publications);
  });

  it('a database with its own tables of masg’s names and no masg metadata: exit 2, nothing in it changes, nothing sent', async () => {
    const url = await pg.createDatabase();
    const { default: pgClient } = await import('pg');
    const client = new pgClient.Client({ connectionString: url });
    await client.connect();
    const tables = async () =>
      (
        await client.query(
          "SELECT string_agg(table_name, ',' ORDER BY table_name) AS t FROM information_schema.tables WHERE table_schema = 'public'",
        )
      ).rows[0].t as string;
    try {
      await client.query("CREATE TABLE campaigns (id text, name text); INSERT INTO campaigns VALUES ('my-own-1', 'Spring')");
      await client.query("CREATE TABLE advertisers (id text); INSERT INTO advertisers VALUES ('crm-42')");
      const before = await tables();
      h.mark();
      const run = await h.masg(['sync', '--db', url, ...RANGE]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("already has tables named as masg's");
      expect(run.stderr).toContain('a database of its own for masg');
      expect(h.sent()).toEqual([]);
      expect(await tables()).toBe(before);
      expect((await client.query('SELECT id FROM campaigns')).rows).toEqual([{ id: 'my-own-1' }]);
      expect((await client.query('SELECT id FROM advertisers')).rows).toEqual([{ id: 'crm-42' }]);
    } finally {
      await client.end();
    }
  });

  it('masg sql reads PostgreSQL types exactly; a password in the URL is never shown; a bad query is exit 2', async () => {
    const url = await pg.createDatabase();
    // --write: the test server's role is its superuser, which masg sql refuses without it.
    const json = await h.masg([
      'sql',
      '--db',
      url,
      '--write',
      '-o',
      'json',
      "SELECT 9007199254740993::bigint AS big, 0.10::numeric(18,2) AS money, DATE '2024-02-29' AS day, true AS yes, NULL::int AS nothing",
    ]);
    expect(json.stdout).toBe(
      '[\n  {\n    "big": "9007199254740993",\n    "money": "0.10",\n    "day": "2024-02-29",\n    "yes": true,\n    "nothing": null\n  }\n]\n',
    );
    const secret = url.replace('masg@', 'masg:s3cret-pw@').replace(/127\.0\.0\.1:\d+/, '127.0.0.1:1');
    const refused = await h.masg(['sql', '--db', secret, 'SELECT 1']);
    expect(refused.code).toBe(7);
    expect(refused.stderr).toContain('Cannot connect to the warehouse postgres://masg:***@127.0.0.1:1/');
    expect(refused.stderr).not.toContain('s3cret-pw');
    const bad = await h.masg(['sql', '--db', url, '--write', 'SELECT nope FROM nowhere']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The query failed');
  });
});

// masg sql on a real PostgreSQL server: without --write nothing changes, whatever the text
// tries; errors are exit 2 (the statement's) or 7 (the database's); a URL's password is never
// shown, in any form. Skipped, saying why, only when PostgreSQL is not installed.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { measureMasg, MEMORY_SKIP, ROWS } from '../warehouse/sql-memory.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

type Pg = {
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
  port: number;
  query(sql: string, db?: string): Promise<{ rowCount: number | null; rows: Array<Record<string, unknown>> }>;
};

/** The SQL docs/warehouse.md gives for a reader role, run as the superuser in `db`. */
export async function createReader(pg: Pg, db: string, role = 'masg_reader'): Promise<void> {
  await pg.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER`, db).catch(() => undefined);
  await pg.query(`GRANT USAGE ON SCHEMA public TO ${role}`, db);
  await pg.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`, db);
}

describe.skipIf(POSTGRES_SKIP !== undefined)(`masg sql on PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
  let h: Harness;
  let pg: Pg;
  /** The reader role's URL: the superuser that syncs is refused by masg sql without --write. */
  let url: string;
  let owner: string;
  beforeAll(async () => {
    [h, pg] = await Promise.all([startWarehouseHarness(), startPostgres()]);
    owner = await pg.createDatabase();
    expect((await h.masg(['sync', '--db', owner, '--from', '-4d', '--to', '-2d', '--tz', 'America/New_York'])).code).toBe(0);
    await createReader(pg, owner.slice(owner.lastIndexOf('/') + 1));
    url = owner.replace('//masg@', '//masg_reader@');
    // A procedure that deletes and commits, made with --write, for the CALL bypass below.
    const made = await h.masg([
      'sql',
      '--db',
      owner,
      '--write',
      'CREATE PROCEDURE wipe() LANGUAGE plpgsql AS $$ BEGIN DELETE FROM campaign_stats; COMMIT; END $$',
    ]);
    expect(made.stderr).toBe('');
  }, 90_000);
  afterAll(async () => {
    await h?.close();
    await pg?.stop();
    removeTempDirs();
  });

  /** The rows, their checksum, and whether every state row still equals its table. */
  const fingerprint = async () => ({
    campaign: await scalar(h, url, "SELECT count(*) || '/' || coalesce(sum(impressions), 0) FROM campaign_stats"),
    publisher: await scalar(h, url, 'SELECT count(*) FROM publisher_stats'),
    publications: await scalar(h, url, 'SELECT count(*) FROM publications'),
    stateDisagrees: await scalar(
      h,
      url,
      'SELECT count(*) FROM masg_sync_days d WHERE campaign_rows <> (SELECT count(*) FROM campaign_stats c WHERE c.date = d.date) ' +
        'OR publisher_rows <> (SELECT count(*) FROM publisher_stats p WHERE p.date = d.date)',
    ),
    objects: await scalar(h, url, "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace"),
  });

  it.each([
    ['BEGIN READ WRITE; DELETE FROM campaign_stats; COMMIT', /one at a time/],
    ['COMMIT; DELETE FROM campaign_stats', /one at a time/],
    ['ROLLBACK; DELETE FROM campaign_stats', /one at a time/],
    ['BEGIN READ WRITE', /read-only/],
    ['START TRANSACTION READ WRITE', /read-only/],
    ['SET TRANSACTION READ WRITE', /read-only/],
    ["SELECT set_config('transaction_read_only', 'off', false)", /read-only/],
    ["SELECT set_config('transaction_read_only', 'off', true), (SELECT count(*) FROM campaign_stats)", /read-only/],
    ['DELETE FROM campaign_stats', /read-only/],
    ['TRUNCATE campaign_stats', /read-only/],
    ['UPDATE masg_sync_days SET campaign_rows = 0', /read-only/],
    ['WITH gone AS (DELETE FROM campaign_stats RETURNING 1) SELECT count(*) FROM gone', /read-only/],
    ['EXPLAIN ANALYZE DELETE FROM campaign_stats', /read-only/],
    ['DO $$ BEGIN DELETE FROM campaign_stats; END $$', /read-only/],
    ['CALL wipe()', /read-only|transaction termination/],
    ['CREATE TABLE campaigns_copy AS SELECT * FROM campaigns', /read-only/],
    ['CREATE TEMP TABLE scratch AS SELECT 1', /read-only/],
    ["SELECT setval('x', 1)", /failed/],
    ['VACUUM campaign_stats', /read-only|transaction block/],
  ])('without --write, %s is exit 2 and changes nothing', async (sql, message) => {
    const before = await fingerprint();
    const run = await h.masg(['sql', '--db', url, sql]);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(3);
    if (/read-only/.test(run.stderr)) expect(run.stderr).toContain('--write');
    expect(await fingerprint()).toEqual(before);
    expect(before.stateDisagrees).toBe('0');
  });

  it.each([
    'COMMIT',
    'COMMIT AND CHAIN',
    'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
    'SET default_transaction_read_only = off',
    'RESET ALL',
  ])('without --write, %s is accepted but opens no way to write (the session ends with it)', async (sql) => {
    const before = await fingerprint();
    const run = await h.masg(['sql', '--db', url, sql]);
    expect(run.code).toBe(0);
    expect(await fingerprint()).toEqual(before);
    // The next run starts again read-only.
    expect((await h.masg(['sql', '--db', url, 'DELETE FROM campaign_stats'])).code).toBe(2);
    expect(await fingerprint()).toEqual(before);
  });

  it('--write runs one statement that changes the database', async () => {
    const view = await h.masg([
      'sql',
      '--db',
      owner,
      '--write',
      'CREATE VIEW spend AS SELECT date, sum(impressions) AS n FROM campaign_stats GROUP BY date',
    ]);
    expect(view.code).toBe(0);
    expect((await h.masg(['sql', '--db', owner, '--write', '-o', 'csv', '--no-header', 'SELECT count(*) FROM spend'])).stdout).toBe('3\n');
    const gone = await h.masg(['sql', '--db', owner, '--write', '-o', 'csv', 'DROP VIEW spend']);
    expect(gone.code).toBe(0);
  });

  it.each([
    ["SELECT 'x'::int", /The query failed: invalid input syntax for type integer: "x"/],
    ['SELECT 1/0', /The query failed: division by zero/],
    ['SELEC 1', /The query failed: syntax error at or near "SELEC"/],
    ['SELECT CASE WHEN n > 2 THEN 1/(n - n) ELSE n END FROM generate_series(1, 5000) n', /division by zero/],
  ])('%s: exit 2 with the database message on one line', async (sql, message) => {
    const run = await h.masg(['sql', '--db', url, '-o', 'csv', sql]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.split('\n')[0]).toMatch(message);
  });

  // The memory figure is bench/sql.js's; this is the behaviour: every row, written by COPY … TO STDOUT.
  it.skipIf(MEMORY_SKIP !== undefined)(
    `${ROWS} rows to --out: every row written`,
    () => {
      const out = join(tempDir('masg-pgmem-'), 'big.csv');
      const sql =
        "SELECT DATE '2026-01-01' + (n % 90) AS date, 'pub-' || (n % 5000) AS publication_id, n::bigint AS requests, " +
        `((n % 100000) / 100.0)::numeric(18,2) AS earnings FROM generate_series(1, ${ROWS}) n`;
      const run = measureMasg(['sql', '--db', url, '--out', out, sql]);
      console.log(`masg sql on PostgreSQL, ${ROWS} rows to --out: peak RSS ${run.peakMb.toFixed(0)} MB, ${run.seconds} s`);
      expect(run.stderr).toBe(`Wrote ${ROWS.toLocaleString('en-US')} rows to ${out}.\n`);
      expect(run.status).toBe(0);
      expect(statSync(out).size).toBeGreaterThan(30 * ROWS);
    },
    300_000,
  );

  it('a failure after many rows were read is exit 2, never a cut result with exit 0', async () => {
    const sql = 'SELECT CASE WHEN n = 250000 THEN 1 / (n - n) ELSE n END AS n FROM generate_series(1, 300000) n';
    const run = await h.masg(['sql', '--db', url, '-o', 'csv', sql]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The query failed: division by zero');
    expect(run.stderr).toMatch(/The output is incomplete: it stopped after [\d,]+ rows/);
  });

  it('a connection cut mid-stream is exit 7 and --out is not written', async () => {
    const out = join(tempDir('masg-pgcut-'), 'cut.csv');
    const running = h.masg(['sql', '--db', url, '--out', out, 'SELECT n, pg_sleep(0.0001) FROM generate_series(1, 400000) n']);
    // Wait until masg's session is running its cursor, then end it from the server side.
    for (let i = 0; i < 200; i++) {
      const killed = await pg.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'masg sql' AND query LIKE '%pg_sleep%'",
      );
      if (killed.rowCount) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const run = await running;
    expect(run.code).toBe(7);
    expect(run.stderr).toMatch(/The warehouse postgres:\/\/.* failed while running the query/);
    expect(existsSync(out)).toBe(false);
  });

  it('a server that cannot be reached is exit 7', async () => {
    const run = await h.masg(['sql', '--db', `postgres://masg@127.0.0.1:1/x`, 'SELECT 1']);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain('Cannot connect to the warehouse postgres://masg@127.0.0.1:1/x');
  });

  it('streams a large result in batches: every row arrives, in order', async () => {
    const run = await h.masg(['sql', '--db', url, '-o', 'csv', '--no-header', 'SELECT n FROM generate_series(1, 25000) n ORDER BY n']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).toBe(25000);
    expect(lines[0]).toBe('1');
    expect(lines[24999]).toBe('25000');
  });

  // Each password must never appear, whole or in part, whatever went wrong.
  it.each([
    ['se/cr3tpw', 'se/cr3tpw', 2, /not a valid PostgreSQL URL/],
    ['p@ss3cretpw', 'ss3cretpw', 7, /Cannot connect to the warehouse postgres:\/\/masg:\*\*\*@127\.0\.0\.1:1\//],
    ['se%zzcr3t', 'zzcr3t', 2, /the password has a malformed %-escape/],
    ['se%2Fcr3tpw', 'cr3tpw', 7, /Cannot connect/],
    ['se:cr3t:pw', 'cr3t', 7, /Cannot connect/],
  ])('a password %s is never printed', async (password, fragment, code, message) => {
    const run = await h.masg(['sql', '--db', `postgres://masg:${password}@127.0.0.1:1/warehouse`, 'SELECT 1']);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stderr + run.stdout).not.toContain(fragment);
    expect(run.stdout).toBe('');
  });

  it('a password in ?password= is hidden too, and the right password still connects', async () => {
    const refused = await h.masg(['sql', '--db', `postgres://masg@127.0.0.1:1/x?password=qu3rysecret`, 'SELECT 1']);
    expect(refused.code).toBe(7);
    expect(refused.stderr).not.toContain('qu3rysecret');
    // The test server trusts every password: the URL still works once encoded properly.
    const ok = await h.masg(['sql', '--db', url.replace('masg@', 'masg:p%40ss%2Fw0rd@'), '-o', 'csv', '--no-header', 'SELECT 1']);
    expect({ code: ok.code, stdout: ok.stdout }).toEqual({ code: 0, stdout: '1\n' });
  });

  it('a malformed %-escape in the user or the database name is exit 2, before connecting', async () => {
    for (const bad of ['postgres://ma%zzsg@127.0.0.1:1/x', 'postgres://masg@127.0.0.1:1/wh%zz']) {
      const run = await h.masg(['sql', '--db', bad, 'SELECT 1']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/malformed %-escape/);
    }
  });
});

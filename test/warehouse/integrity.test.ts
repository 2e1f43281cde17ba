// The warehouse holds exactly what it says it holds: the days are the account's (no zone, no
// sync), a database that masg did not create is left alone, a cut report is fetched again, the
// sandbox keeps its own warehouse, the default file is private, and the row-count invariant of
// every day can fail (and then records nothing).
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalIOError } from '../../src/core/errors.js';
import { DayFiles } from '../../src/warehouse/day-files.js';
import { openDuckDb } from '../../src/warehouse/duckdb.js';
import { StagingDir } from '../../src/warehouse/staging.js';
import { WarehouseStore } from '../../src/warehouse/store.js';
import { piecesOf } from '../../src/warehouse/sync-requests.js';
import { STATS_TABLES } from '../../src/warehouse/schema.js';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { dumpAll, duckPath, refetchCut, scalar, startWarehouseHarness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startWarehouseHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});
beforeEach(() => h.mark());
afterEach(() => h.sandbox.setFaults(undefined));

const TZ = ['--tz', 'America/New_York'];
const RANGE = ['--from', '-6d', '--to', '-2d', ...TZ];

describe("a sync without the account's zone", () => {
  it.each([
    ['relative days', ['--from', '-3d', '--to', '-2d']],
    ['the default range', []],
    ['absolute days (which of them are over still depends on the zone)', ['--from', '2024-06-01', '--to', '2024-06-02']],
  ])('%s: exit 3 before any request or file, naming the three ways to set it', async (_what, args) => {
    const db = duckPath();
    const run = await h.masg(['sync', '--db', db, ...args]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("needs the account's time zone");
    for (const way of ['--tz', 'MASG_TIMEZONE', 'masg login --timezone']) expect(run.stderr).toContain(way);
    expect(h.sent()).toEqual([]);
    expect(existsSync(db)).toBe(false);
  });

  it("records the account's zone in masg_sync_meta, and counts today in it", async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, '--from', '-1d', ...TZ])).code).toBe(0);
    expect(await scalar(h, db, "SELECT value FROM masg_sync_meta WHERE key = 'timezone'")).toBe('America/New_York');
    // Today is New York's today (the host's zone is never asked): the last day is partial.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(await scalar(h, db, "SELECT CAST(max(date) AS VARCHAR) || ' ' || bool_or(NOT complete) FROM masg_sync_days")).toBe(
      `${today} true`,
    );
    expect(await scalar(h, db, "SELECT string_agg(CAST(complete AS VARCHAR), ',' ORDER BY date) FROM masg_sync_days")).toBe('true,false');
  });
});

describe('a DuckDB file with tables of masg’s names and no masg metadata', () => {
  it('is refused with exit 2, saying what to do; its own rows survive and nothing is sent', async () => {
    const db = duckPath('crm.duckdb');
    const instance = await DuckDBInstance.create(db);
    const conn = await instance.connect();
    await conn.run("CREATE TABLE campaigns (id VARCHAR, name VARCHAR); INSERT INTO campaigns VALUES ('my-own-1', 'Spring')");
    await conn.run("CREATE TABLE advertisers (id VARCHAR); INSERT INTO advertisers VALUES ('crm-42')");
    conn.closeSync();
    instance.closeSync();
    const tablesBefore = await scalar(h, db, "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables");

    const run = await h.masg(['sync', '--db', db, ...RANGE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('already has tables named as masg');
    expect(run.stderr).toContain('advertisers, campaigns');
    expect(run.stderr).toContain('Point --db (or MASG_DB) at a new file');
    expect(h.sent().filter((r) => r.path.includes('/statistics') || r.path.includes('/list'))).toEqual([]);
    expect(await scalar(h, db, "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables")).toBe(tablesBefore);
    expect(await scalar(h, db, "SELECT string_agg(id, ',') FROM campaigns")).toBe('my-own-1');
    expect(await scalar(h, db, "SELECT string_agg(id, ',') FROM advertisers")).toBe('crm-42');
    // --dry-run says the same.
    expect((await h.masg(['sync', '--db', db, ...RANGE, '--dry-run'])).code).toBe(2);
  });
});

/** A query's rows as CSV. */
async function csvOf(db: string, sql: string): Promise<string> {
  const run = await h.masg(['sql', '--db', db, '-o', 'csv', sql]);
  expect(run.stderr).toBe('');
  return run.stdout;
}

describe('a statistics answer cut mid-way during a sync', () => {
  it('is fetched again from its start: exit 0 and exactly the tables of an undisturbed sync', async () => {
    const clean = duckPath();
    expect((await h.masg(['sync', '--db', clean, ...RANGE])).code).toBe(0);
    const db = duckPath();
    h.sandbox.setFaults({ next: ['truncate', 'truncate'], path: '/publication/statistics' });
    const run = await h.masg(['sync', '--db', db, ...RANGE]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('stopped before it ended; fetching it again');
    expect(await dumpAll(h, db)).toEqual(await dumpAll(h, clean));
  });

  it.each(['day', 'hour'] as const)(
    'a publisher report cut after parts of it were loaded (--grain %s): they are withdrawn, and it is held once',
    async (grain) => {
      const clean = duckPath();
      expect((await h.masg(['sync', '--db', clean, '--from', '-2d', '--to', '-2d', '--grain', grain, ...TZ])).code).toBe(0);
      const table = STATS_TABLES[grain].publisher.name;
      const date = await scalar(h, clean, 'SELECT CAST(max(date) AS VARCHAR) FROM masg_sync_days');
      // The day, or its busiest hour: the piece whose report is cut.
      const hour =
        grain === 'hour' ? await scalar(h, clean, `SELECT hour FROM ${table} GROUP BY hour ORDER BY count(*) DESC, hour LIMIT 1`) : '';
      const piece = piecesOf([{ date, complete: true }], grain)[grain === 'hour' ? Number(hour) : 0];
      const db = duckPath();
      copyFileSync(clean, db);
      const steps = await refetchCut(h, await openDuckDb(db, db, { readOnly: false, create: false }), grain, piece);
      // The cut attempt handed parts on, then withdrew exactly them; the second attempt's rows are the piece's.
      const withdrawn = steps.findIndex((s) => s.kind === 'withdraw');
      expect(withdrawn).toBeGreaterThan(0);
      const handed = steps.slice(0, withdrawn).reduce((n, s) => n + (s.kind === 'file' ? s.rows : 0), 0);
      expect(steps[withdrawn]).toEqual({ kind: 'withdraw', table: 'publisher', hour: piece.hour, rows: handed });
      const ofPiece = `SELECT * EXCLUDE (account) FROM ${table}${grain === 'hour' ? ` WHERE hour = ${hour}` : ''} ORDER BY ALL`;
      expect(await csvOf(db, ofPiece)).toBe(await csvOf(clean, ofPiece));
      expect(await scalar(h, db, `SELECT count(*) FROM ${table}`)).toBe(await scalar(h, clean, `SELECT count(*) FROM (${ofPiece})`));
    },
  );

  it('a campaign report cut mid-way too', async () => {
    const clean = duckPath();
    expect((await h.masg(['sync', '--db', clean, ...RANGE])).code).toBe(0);
    const db = duckPath();
    h.sandbox.setFaults({ next: ['truncate'], path: '/campaign/' });
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    expect(await dumpAll(h, db)).toEqual(await dumpAll(h, clean));
  });

  it('at truncate=0.3 on every statistics request: the sync completes within --retries', async () => {
    const clean = duckPath();
    expect((await h.masg(['sync', '--db', clean, ...RANGE])).code).toBe(0);
    const db = duckPath();
    h.sandbox.setFaults({ rates: { truncate: 0.3 }, path: '/statistics' });
    const run = await h.masg(['sync', '--db', db, ...RANGE, '--retries', '10']);
    expect(run.stderr).toContain('fetching it again');
    expect(run.code).toBe(0);
    expect(await dumpAll(h, db)).toEqual(await dumpAll(h, clean));
  });

  it('beyond --retries: exit 6, and the day is not recorded', async () => {
    const db = duckPath();
    h.sandbox.setFaults({ next: Array(5).fill('truncate'), path: '/publication/statistics' });
    const run = await h.masg(['sync', '--db', db, '--from', '-2d', '--to', '-2d', ...TZ, '--retries', '1']);
    expect(run.code).toBe(6);
    expect(await scalar(h, db, 'SELECT count(*) FROM masg_sync_days')).toBe('0');
    expect(await scalar(h, db, 'SELECT count(*) FROM publisher_stats')).toBe('0');
  });
});

describe('where the warehouse is, and who may read it', () => {
  it('`masg --sandbox sync` writes a warehouse of its own beside the sandbox state, never the real default nor MASG_DB', async () => {
    const config = tempDir('masg-wh-cfg-');
    const data = tempDir('masg-wh-data-');
    const cron = join(tempDir('masg-wh-'), 'real.duckdb');
    // No --tz: the sandbox's account carries its zone.
    const run = await h.masg(['--sandbox', 'sync', '--from', '-3d', '--to', '-2d'], {
      env: { MASG_CONFIG_DIR: config, XDG_DATA_HOME: data, MASG_DB: cron },
    });
    expect(run.code).toBe(0);
    const own = join(config, 'sandbox', 'stats.duckdb');
    expect(run.stderr).toContain(own);
    expect(existsSync(own)).toBe(true);
    expect(existsSync(join(data, 'masg', 'stats.duckdb'))).toBe(false);
    expect(existsSync(cron)).toBe(false);
    expect(statSync(own).mode & 0o777).toBe(0o600);
    expect(await scalar(h, own, "SELECT value FROM masg_sync_meta WHERE key = 'timezone'")).toBe('America/New_York');
  });

  it('the default warehouse is created 0600 in a 0700 folder', async () => {
    const data = tempDir('masg-wh-data-');
    expect((await h.masg(['sync', '--from', '-2d', '--to', '-2d', ...TZ], { env: { XDG_DATA_HOME: data } })).code).toBe(0);
    const file = join(data, 'masg', 'stats.duckdb');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(data, 'masg')).mode & 0o777).toBe(0o700);
  });
});

describe('the invariant of every day: the tables hold what was fetched', () => {
  it('a day whose files hold fewer rows than were fetched is refused (exit 7) and not recorded', async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, '--from', '-2d', '--to', '-2d', ...TZ])).code).toBe(0);
    const session = await openDuckDb(db, db, { readOnly: false, create: true });
    const staging = new StagingDir(tempDir('masg-wh-stage-'));
    try {
      const store = new WarehouseStore(session);
      const file = staging.file('day');
      await file.add(`"${h.sandbox.demo.email}",2020-01-01,"p","a","US",1,1,0,0.10,"USD"\n`);
      await file.close();
      const files = new DayFiles();
      // The file says 1 row; the request said 2 (a line lost between the two).
      files.push({ kind: 'file', table: 'publisher', path: file.path, longestLineBytes: file.longestLineBytes, rows: 2 });
      files.end();
      let error: unknown;
      await store
        .replaceDay(
          {
            account: h.sandbox.demo.email,
            grain: 'day',
            date: '2020-01-01',
            complete: true,
            files,
            rows: () => ({ publisher: 2, campaign: 0 }),
          },
          () => new Date().toISOString().replace('T', ' ').replace('Z', ''),
        )
        .catch((e: unknown) => (error = e));
      expect(error).toBeInstanceOf(LocalIOError);
      expect((error as Error).message).toContain(
        `would hold 1 rows of publisher_stats for ${h.sandbox.demo.email} on 2020-01-01, but 2 were fetched`,
      );
    } finally {
      staging.remove();
      await session.close();
    }
    expect(await scalar(h, db, "SELECT count(*) FROM masg_sync_days WHERE date = DATE '2020-01-01'")).toBe('0');
    expect(await scalar(h, db, "SELECT count(*) FROM publisher_stats WHERE date = DATE '2020-01-01'")).toBe('0');
  });
});

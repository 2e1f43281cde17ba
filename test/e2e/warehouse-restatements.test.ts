// The restatement ledger on DuckDB and on a real PostgreSQL server: a past day the sandbox
// revises (Sandbox.revise, its late-data hook) is applied with one ledger row per side holding
// the totals before and after, the other days untouched, and a third sync adds nothing; a day
// the service now answers as a day without traffic is held (exit 8, naming the day), keeps its
// rows until `--accept-restated DAY` takes it, and the ledger says accepted; a held first day
// still commits the run's snapshots (the account's objects).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs, type Harness } from '../commands/harness.js';
import { dump, duckPath, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { pinnedRange } from '../warehouse/accounts.js';
import { SCHEMA_VERSION } from '../../src/warehouse/schema.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const RANGE = [...pinnedRange(6, 2), '--tz', 'America/New_York'];
const LEDGER =
  'SELECT grain, CAST(date AS VARCHAR) AS date, side, status, before_rows, after_rows, before_impressions, after_impressions, ' +
  'before_earnings, after_earnings, before_spend, after_spend, run_id FROM masg_sync_restatements ORDER BY date, side, status';

let h: Harness;
let pg: { createDatabase(): Promise<string>; stop(): Promise<void> } | undefined;
beforeAll(async () => {
  h = await startWarehouseHarness();
  if (POSTGRES_SKIP === undefined) pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await pg?.stop();
  removeTempDirs();
});

const sqlOn = (db: string) => ['sql', '--db', db, ...(db.startsWith('postgres') ? ['--write'] : [])];
async function ledger(db: string): Promise<Array<Record<string, string>>> {
  const run = await h.masg([...sqlOn(db), '-o', 'json', LEDGER]);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Array<Record<string, string>>;
}
async function days(db: string): Promise<string[]> {
  return (await scalar(h, db, "SELECT string_agg(CAST(date AS VARCHAR), ' ' ORDER BY date) FROM masg_sync_days")).split(' ');
}
/** Each table's rows of every day but `day`, and of `day` alone. */
async function split(db: string, day: string): Promise<{ others: string[]; day: string[] }> {
  const rows = [...(await parseCsv(await dump(h, db, 'publisher_stats'))), ...(await parseCsv(await dump(h, db, 'campaign_stats')))];
  const lines = rows.map((r) => r.join(','));
  return { others: lines.filter((l) => !l.includes(`,${day},`)), day: lines.filter((l) => l.includes(`,${day},`)) };
}

const engines = [
  ['DuckDB', async () => duckPath()],
  ['PostgreSQL', async () => pg!.createDatabase()],
] as const;

describe.each(engines)('the restatement ledger on %s', (engine, create) => {
  const skip = engine === 'PostgreSQL' && POSTGRES_SKIP !== undefined;

  it.skipIf(skip)(
    'a revised day: applied, one row per side with before and after, others unchanged, a third sync adds nothing',
    async () => {
      const db = await create();
      expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
      expect(await ledger(db)).toEqual([]);
      const day = (await days(db))[2]!;
      const before = await split(db, day);
      await h.sandbox.revise(day, 1.5);
      try {
        const second = await h.masg(['sync', '--db', db, ...RANGE]);
        expect(second.stderr).not.toContain('held');
        expect(second.code).toBe(0);
        const rows = await ledger(db);
        expect(rows.map((r) => [r.date, r.side, r.status])).toEqual([
          [day, 'campaign', 'applied'],
          [day, 'publisher', 'applied'],
        ]);
        const pub = rows.find((r) => r.side === 'publisher')!;
        expect(Number(pub.after_impressions)).toBeGreaterThan(1.4 * Number(pub.before_impressions));
        expect(Number(pub.after_earnings)).toBeGreaterThan(Number(pub.before_earnings));
        expect(pub.before_spend).toBeNull();
        // The ledger's "after" is what the day holds now, its "before" what it held.
        expect(await scalar(h, db, `SELECT sum(impressions) FROM publisher_stats WHERE date = DATE '${day}'`)).toBe(pub.after_impressions);
        const after = await split(db, day);
        expect(after.others).toEqual(before.others);
        expect(after.day).not.toEqual(before.day);
        expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
        expect(await ledger(db)).toEqual(rows);
      } finally {
        await h.sandbox.revise(day, 1);
      }
    },
  );

  it.skipIf(skip)(
    'an emptied day: held (exit 8, named), its rows kept, then --accept-restated takes it and the ledger says so',
    async () => {
      const db = await create();
      expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
      const day = (await days(db))[3]!;
      const before = await split(db, day);
      await h.sandbox.revise(day, 0);
      try {
        const held = await h.masg(['sync', '--db', db, ...RANGE]);
        expect(held.code).toBe(8);
        expect(held.stderr).toContain(`${day} (day): publisher`);
        expect(held.stderr).toMatch(/impressions \d+ → 0/);
        expect(held.stderr).toContain(`masg sync: 1 day of ${h.sandbox.demo.email} held, not applied`);
        expect(held.stderr).toContain('(held: its publisher rows would be emptied)');
        expect(held.stderr).toContain(`masg sync --accept-restated ${day}`);
        expect(await split(db, day)).toEqual(before);
        const rows = await ledger(db);
        expect(rows.map((r) => [r.date, r.side, r.status])).toEqual([
          [day, 'campaign', 'held'],
          [day, 'publisher', 'held'],
        ]);
        // A cron sync the next hour: held again, named again, nothing new in the ledger.
        const again = await h.masg(['sync', '--db', db, ...RANGE]);
        expect(again.code).toBe(8);
        expect(again.stderr).toContain(day);
        expect(await ledger(db)).toEqual(rows);
        // --status (and MCP's warehouse_status, its rows): the held day, per account and grain, and none restated.
        const status = await h.masg(['sync', '--status', '--db', db, '-o', 'json']);
        const statusRows = JSON.parse(status.stdout) as Array<Record<string, string | null>>;
        expect(statusRows[0]).toMatchObject({ held: day, last_result: 'held' });
        expect(statusRows.map((r) => [r.account, r.grain, r.restated ?? '', r.held])).toEqual([[h.sandbox.demo.email, 'day', '', day]]);

        const take = await h.masg(['sync', '--db', db, ...RANGE, '--accept-restated', day]);
        expect(take.stderr).toMatch(/^masg sync: 5 days .* written to/);
        expect(take.code).toBe(0);
        const taken = await ledger(db);
        expect(taken.map((r) => [r.date, r.side, r.status])).toEqual([
          [day, 'campaign', 'accepted'],
          [day, 'publisher', 'accepted'],
        ]);
        expect(taken.find((r) => r.side === 'publisher')!.after_impressions).toBe('0');
        expect(await scalar(h, db, `SELECT coalesce(sum(impressions), 0) FROM publisher_stats WHERE date = DATE '${day}'`)).toBe('0');
        expect((await split(db, day)).others).toEqual(before.others);
        expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
        expect(await ledger(db)).toEqual(taken);
      } finally {
        await h.sandbox.revise(day, 1);
      }
    },
  );

  it.skipIf(skip)('a day cut past --hold-cut: held, and the error says by how much', async () => {
    const db = await create();
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    const [, first, second] = await days(db);
    await h.sandbox.revise(first!, 0.3);
    await h.sandbox.revise(second!, 0.3);
    try {
      const held = await h.masg(['sync', '--db', db, ...RANGE]);
      expect(held.code).toBe(8);
      expect(held.stderr).toContain(`masg sync: 2 days of ${h.sandbox.demo.email} held, not applied`);
      for (const day of [first, second])
        expect(held.stderr).toMatch(
          new RegExp(`${day} \\(day\\): publisher .* \\(held: its publisher impressions would fall by (6\\d|7\\d)\\.\\d %\\)`),
        );
      // Under a threshold above the cut, the same answer is applied.
      expect((await h.masg(['sync', '--db', db, ...RANGE, '--hold-cut', '90'])).code).toBe(0);
    } finally {
      await h.sandbox.revise(first!, 1);
      await h.sandbox.revise(second!, 1);
    }
  });

  it.skipIf(skip)("a held first day keeps the run's snapshot refresh: a renamed publication is renamed in the warehouse", async () => {
    const db = await create();
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    const day = (await days(db))[0]!;
    const id = await scalar(h, db, 'SELECT id FROM publications ORDER BY id LIMIT 1');
    const name = await scalar(h, db, `SELECT name FROM publications WHERE id = '${id}'`);
    await h.sandbox.revise(day, 0);
    try {
      expect((await h.masg(['pub', 'update', id, '--name', 'Renamed While Held'])).code).toBe(0);
      const held = await h.masg(['sync', '--db', db, ...RANGE]);
      expect(held.code).toBe(8);
      expect(held.stderr).toContain(`${day} (day): publisher`);
      expect(await scalar(h, db, `SELECT name FROM publications WHERE id = '${id}'`)).toBe('Renamed While Held');
    } finally {
      await h.sandbox.revise(day, 1);
      await h.masg(['pub', 'update', id, '--name', name]);
    }
  });

  it.skipIf(skip)('a version-2 warehouse (no ledger) is upgraded to the current version by the next sync, its rows kept', async () => {
    const db = await create();
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    const rows = await dump(h, db, 'publisher_stats');
    const v2 = [
      'DROP TABLE masg_sync_restatements',
      'ALTER TABLE masg_sync_accounts DROP COLUMN service',
      "UPDATE masg_sync_meta SET value = '2' WHERE key = 'schema'",
    ];
    for (const sql of v2) expect((await h.masg(['sql', '--db', db, '--write', sql])).code).toBe(0);
    const status = await h.masg(['sync', '--status', '--db', db, '-o', 'json']);
    expect(status.code).toBe(0);
    const row = (JSON.parse(status.stdout) as Array<Record<string, string | null>>)[0]!;
    expect([row.restated ?? '', row.held ?? '']).toEqual(['', '']);
    const run = await h.masg(['sync', '--db', db, ...RANGE]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('upgrading');
    expect(await scalar(h, db, "SELECT value FROM masg_sync_meta WHERE key = 'schema'")).toBe(SCHEMA_VERSION);
    expect(await ledger(db)).toEqual([]);
    expect(await dump(h, db, 'publisher_stats')).toBe(rows);
  });
});

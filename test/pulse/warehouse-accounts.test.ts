// The pulse from a warehouse of several accounts: every table with an `account` column (the
// account's e-mail, as the warehouse keys its rows). The file is the demo account's warehouse,
// made by `masg sync`, then given a copy of every row for the `other` account with twice the traffic, so a reader that did not keep to its own
// account's rows would sum both. Each account's pulse reads only its rows, sends no request, and
// the demo's equals its live pulse; the same warehouse serves `--profile demo,other`.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';
import type { AccountsDocument } from '../../src/pulse/accounts.js';

let h: PulseHarness;
let db: string;
const DEMO = 'demo@sandbox.masg.test';
const OTHER = 'other@sandbox.masg.test';
const TABLES = ['publications', 'adslots', 'advertisers', 'campaigns', 'publisher_stats', 'campaign_stats'];

/**
 * The one-account warehouse `masg sync` wrote, given a second account as a second account's sync
 * would: a copy of every keyed row (every table with an `account` column) under the other e-mail,
 * with twice the traffic, and the meta's one-account rows dropped.
 */
async function twoAccounts(path: string): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const conn = await instance.connect();
  const keyed = await conn.runAndReadAll(
    "SELECT table_name FROM duckdb_columns() WHERE column_name = 'account' AND table_name <> 'masg_sync_locks' ORDER BY 1",
  );
  const tables = keyed.getRows().map(([t]) => String(t));
  expect(tables).toEqual(expect.arrayContaining([...TABLES, 'masg_sync_days']));
  for (const t of tables) {
    const doubled = t === 'publisher_stats' ? ', requests * 2 AS requests' : '';
    await conn.run(`INSERT INTO ${t} SELECT * REPLACE ('${OTHER}' AS account${doubled}) FROM ${t} WHERE account = '${DEMO}'`);
  }
  await conn.run("DELETE FROM masg_sync_meta WHERE key IN ('account', 'timezone')");
  conn.closeSync();
  instance.closeSync();
}

beforeAll(async () => {
  h = await startPulseHarness();
  await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
  await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
  db = join(tempDir('masg-pulse-wh-accounts-'), 'stats.duckdb');
  const sync = await h.masg(['sync', '--db', db, '--from', '2024-06-07', '--to', DAY, '--quiet']);
  expect(sync.code).toBe(0);
  await twoAccounts(db);
}, 60_000);
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

test("each account's pulse reads its own rows only: the demo's equals its live pulse, the other's has its doubled traffic", async () => {
  const live = await h.pulse();
  h.mark();
  const demo = await h.pulse(['--db', db]);
  expect(demo.run.code).toBe(9);
  expect(h.sent()).toEqual([]);
  expect(demo.report.findings).toEqual(live.report.findings);
  expect(demo.report.publisher).toEqual(live.report.publisher);
  const other = await h.pulse(['--db', db], { env: { MASG_EMAIL: OTHER, MASG_DEVELOPER_KEY: h.sandbox.other.key } });
  expect(h.sent()).toEqual([]);
  expect(other.report.account).toBe(OTHER);
  expect(BigInt(other.report.publisher.requests)).toBe(2n * BigInt(live.report.publisher.requests));
  expect(other.report.publisher.earnings).toBe(live.report.publisher.earnings);
});

test('an account the warehouse does not hold: said, and the service is read', async () => {
  const run = await h.masg(['pulse', '--date', DAY, '--db', db], { env: { MASG_EMAIL: 'nobody@sandbox.masg.test' } });
  // The service does not know that account either: its key is refused (4), after the warehouse said why it was not read.
  expect(run.code).toBe(4);
  expect(run.stderr).toMatch(
    /does not hold the range \(it holds no day of nobody@sandbox\.masg\.test from 2024-06-07 to 2024-06-14\); reading the service/,
  );
});

test("the same e-mail synced from another service is not the account's: said, and the service is read", async () => {
  const copy = join(tempDir('masg-pulse-wh-service-'), 'stats.duckdb');
  copyFileSync(db, copy);
  const instance = await DuckDBInstance.create(copy);
  const conn = await instance.connect();
  await conn.run(`UPDATE masg_sync_accounts SET service = 'https://production.example.com' WHERE account = '${DEMO}'`);
  conn.closeSync();
  instance.closeSync();
  h.mark();
  const run = await h.masg(['pulse', '--date', DAY, '--db', copy, '-o', 'json']);
  expect(run.code).toBe(9);
  expect(run.stderr).toContain(`it holds ${DEMO} from https://production.example.com, not from ${new URL(h.sandbox.url).origin}`);
  expect(h.sent().length).toBeGreaterThan(0);
});

test('--profile demo,other from the one warehouse: no request, each report its own rows', async () => {
  const configDir = tempDir('masg-pulse-wh-profiles-');
  const store = await openStore(configDir, { env: { MASG_CONFIG_DIR: configDir } });
  for (const [name, a] of [
    ['demo', h.sandbox.demo],
    ['other', h.sandbox.other],
  ] as const) {
    await store.set(name, { email: a.email, key: a.key, baseUrl: h.sandbox.url, timezone: h.sandbox.demo.timezone });
  }
  h.mark();
  const env = { MASG_CONFIG_DIR: configDir, MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_TIMEZONE: undefined };
  const run = await h.masg(['--profile', 'demo,other', 'pulse', '--date', DAY, '--db', db, '-o', 'json'], { env });
  expect(run.code).toBe(9);
  expect(h.sent()).toEqual([]);
  const doc = JSON.parse(run.stdout) as AccountsDocument;
  const [demo, other] = doc.reports;
  expect([demo.profile, other.profile]).toEqual(['demo', 'other']);
  expect(BigInt(other.publisher.requests)).toBe(2n * BigInt(demo.publisher.requests));
  expect(demo.findings.some((f) => f.kind === 'outage' && f.account === 'demo')).toBe(true);
});

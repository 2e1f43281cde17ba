// An account is an e-mail at a service: the warehouse records the service each account was synced
// from (masg_sync_accounts.service, the base URL's origin), and refuses a sync of the same e-mail
// from another service (a staging host beside production) rather than replacing the first one's
// days with the second's. DuckDB here; PostgreSQL in test/e2e/postgres-services.test.ts.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { dump, duckPath, scalar } from './helpers.js';
import {
  expectRefused,
  expectRefusedAmongAccounts,
  holding,
  RANGE,
  services,
  startServices,
  toVersion3,
  type Services,
} from './services.js';

let s: Services;
beforeAll(async () => {
  s = await startServices();
}, 60_000);
afterAll(async () => {
  await s.close();
  removeTempDirs();
});

describe('one e-mail at two services, one DuckDB warehouse', () => {
  it('the second service is refused (exit 2) naming both, and the first one’s days are unchanged', async () => {
    const db = duckPath();
    expect((await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE])).code).toBe(0);
    expect(await services(s, db)).toEqual({ [s.email]: s.originA });
    // The two services really differ: what b would have written is not what a did.
    const other = duckPath();
    expect((await s.masg(['sync', '--db', other, '--profile', 'b', ...RANGE])).code).toBe(0);
    expect((await holding(s, other)).figures).not.toBe((await holding(s, db)).figures);

    const run = await expectRefused(s, db, ['--profile', 'b'], 2);
    expect(run.stderr).toContain('--db');
    expect(run.stderr).toContain('SET service = NULL');
    // The refused run is not a run of the account the warehouse holds: its last run is still a's.
    expect(await scalar(s.A, db, 'SELECT last_result FROM masg_sync_accounts')).toBe('ok');
    // The first service's next sync goes on as ever.
    expect((await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE])).code).toBe(0);
  });

  it('among several accounts: a failed status line naming both services, exit 8, the others synced', async () => {
    await expectRefusedAmongAccounts(s, duckPath());
  });

  it('--dry-run says the same, before anything is sent', async () => {
    const db = duckPath();
    expect((await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE])).code).toBe(0);
    s.B.mark();
    const run = await s.masg(['sync', '--db', db, '--profile', 'b', '--dry-run', ...RANGE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(s.originA);
    expect(run.stderr).toContain(s.originB);
    expect(s.B.sent()).toEqual([]);
  });

  it('--status shows each account’s service, in every format (the last column: the others keep their places)', async () => {
    const db = duckPath();
    expect((await s.masg(['sync', '--db', db, '--profile', 'a,other', ...RANGE])).code).toBe(0);
    const csv = await s.masg(['sync', '--status', '--db', db, '-o', 'csv']);
    const [header, ...rows] = csv.stdout.trim().split('\n');
    expect(header!.split(',').at(-1)).toBe('service');
    expect(rows.every((r) => r.endsWith(`,${s.originA}`))).toBe(true);
  });
});

describe('`masg --sandbox sync`: the embedded sandbox is one service, whatever its port', () => {
  it('twice into the same warehouse: both complete, the service recorded as "sandbox"', async () => {
    const config = tempDir('masg-services-sandbox-');
    const db = join(config, 'sandbox', 'stats.duckdb');
    const env = { MASG_CONFIG_DIR: config };
    for (let i = 0; i < 2; i++) {
      const run = await s.masg(['--sandbox', 'sync', '--from', '-3d', '--to', '-2d'], { env });
      expect(run.code, run.stderr).toBe(0);
    }
    expect(await scalar(s.A, db, 'SELECT service FROM masg_sync_accounts')).toBe('sandbox');
    // A profile at a sandbox on a port of its own is another service: refused, the sandbox's days kept.
    const before = await dump(s.A, db, 'publisher_stats');
    const run = await s.masg(['sync', '--db', db, '--profile', 'a', '--from', '-3d', '--to', '-2d']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('sandbox');
    expect(run.stderr).toContain(s.originA);
    expect(await dump(s.A, db, 'publisher_stats')).toBe(before);
  });
});

describe('a version-3 warehouse (no service column)', () => {
  /** A warehouse as version 3 wrote it: today's, without the column, the version 3. */
  async function v3(profile: string): Promise<string> {
    const db = duckPath();
    expect((await s.masg(['sync', '--db', db, '--profile', profile, ...RANGE])).code).toBe(0);
    await toVersion3(s.A, db);
    return db;
  }

  it('--status reads it as it is (no service yet), changing nothing', async () => {
    const db = await v3('a');
    expect(await services(s, db)).toEqual({ [s.email]: null });
    expect(await scalar(s.A, db, "SELECT value FROM masg_sync_meta WHERE key = 'schema'")).toBe('3');
  });

  it('the next sync upgrades it in place, keeps every row, and records its service; then another service is refused', async () => {
    const db = await v3('a');
    const rows = await dump(s.A, db, 'publisher_stats');
    const run = await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('upgrading');
    expect(run.stderr).toContain('every row is kept');
    expect(await scalar(s.A, db, "SELECT value FROM masg_sync_meta WHERE key = 'schema'")).toBe('4');
    expect(await dump(s.A, db, 'publisher_stats')).toBe(rows);
    expect(await services(s, db)).toEqual({ [s.email]: s.originA });
    await expectRefused(s, db, ['--profile', 'b'], 2);
  });

  it('`SET service = NULL` (the documented move): the next sync records the service it comes from', async () => {
    const db = duckPath();
    expect((await s.masg(['sync', '--db', db, '--profile', 'a', '--from', '-4d', '--to', '-3d'])).code).toBe(0);
    const sql = `UPDATE masg_sync_accounts SET service = NULL WHERE account = '${s.email}'`;
    expect((await s.masg(['sql', '--db', db, '--write', sql])).code).toBe(0);
    // A day a did not sync: the moved service's figures restate nothing.
    const run = await s.masg(['sync', '--db', db, '--profile', 'b', '--from', '-2d', '--to', '-2d']);
    expect(run.code, run.stderr).toBe(0);
    expect(await services(s, db)).toEqual({ [s.email]: s.originB });
  });
});

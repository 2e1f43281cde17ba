// One e-mail at two services (test/warehouse/services.test.ts on DuckDB), on a real PostgreSQL
// server: the second service is refused naming both, the first one's days unchanged; `masg
// --sandbox sync` twice into one database; a version-3 database upgraded, its rows kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { dump, scalar } from '../warehouse/helpers.js';
import {
  expectRefused,
  expectRefusedAmongAccounts,
  holding,
  RANGE,
  services,
  startServices,
  toVersion3,
  type Services,
} from '../warehouse/services.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

describe.skipIf(POSTGRES_SKIP !== undefined)(
  `one e-mail at two services, one PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`,
  () => {
    let s: Services;
    let pg: { createDatabase(): Promise<string>; stop(): Promise<void> };
    beforeAll(async () => {
      [s, pg] = await Promise.all([startServices(), startPostgres()]);
    }, 60_000);
    afterAll(async () => {
      await s?.close();
      await pg?.stop();
      removeTempDirs();
    });

    it('the second service is refused (exit 2) naming both; the first one’s days and figures unchanged', async () => {
      const db = await pg.createDatabase();
      expect((await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE])).code).toBe(0);
      const other = await pg.createDatabase();
      expect((await s.masg(['sync', '--db', other, '--profile', 'b', ...RANGE])).code).toBe(0);
      expect((await holding(s, other)).figures).not.toBe((await holding(s, db)).figures);
      await expectRefused(s, db, ['--profile', 'b'], 2);
      expect(await services(s, db)).toEqual({ [s.email]: s.originA });
      // The refused run held the account's lock only while it was refused: none is left.
      expect(await scalar(s.A, db, 'SELECT count(*) FROM masg_sync_locks')).toBe('0');
    });

    it('among several accounts: a failed line naming both services, exit 8, the other account synced', async () => {
      await expectRefusedAmongAccounts(s, await pg.createDatabase());
    });

    it('`masg --sandbox sync` twice into one database: both complete, the service recorded as "sandbox"', async () => {
      const db = await pg.createDatabase();
      const env = { MASG_CONFIG_DIR: tempDir('masg-services-sandbox-') };
      for (let i = 0; i < 2; i++) {
        const run = await s.masg(['--sandbox', 'sync', '--db', db, '--from', '-3d', '--to', '-2d'], { env });
        expect(run.code, run.stderr).toBe(0);
      }
      expect(await scalar(s.A, db, 'SELECT service FROM masg_sync_accounts')).toBe('sandbox');
    });

    it('a version-3 database: --status reads it unchanged; the next sync upgrades it, keeps its rows, records the service', async () => {
      const db = await pg.createDatabase();
      expect((await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE])).code).toBe(0);
      await toVersion3(s.A, db);
      const rows = await dump(s.A, db, 'publisher_stats');
      expect(await services(s, db)).toEqual({ [s.email]: null });
      const run = await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('upgrading');
      expect(await scalar(s.A, db, "SELECT value FROM masg_sync_meta WHERE key = 'schema'")).toBe('4');
      expect(await dump(s.A, db, 'publisher_stats')).toBe(rows);
      expect(await services(s, db)).toEqual({ [s.email]: s.originA });
      await expectRefused(s, db, ['--profile', 'b'], 2);
    });
  },
);

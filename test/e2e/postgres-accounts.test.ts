// PostgreSQL as a team's shared warehouse (a real server, started for this file): several
// accounts in one sync hold what DuckDB holds; two syncs of disjoint accounts at once both
// complete; the same account synced twice at once is refused for the second (exit 7 naming the
// account and the host holding it) and no row is ever duplicated.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../commands/harness.js';
import { dump, dumpAll, duckPath, duplicateKeys, WAREHOUSE_TABLES } from '../warehouse/helpers.js';
import { expectStatus, pinnedRange, startAccounts, statusLines, type Accounts } from '../warehouse/accounts.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const RANGE = pinnedRange(4, 2); // compared across runs: fixed days

describe.skipIf(POSTGRES_SKIP !== undefined)(
  `several accounts in one PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`,
  () => {
    let A: Accounts;
    let pg: { createDatabase(): Promise<string>; stop(): Promise<void> };
    /** The three accounts synced into DuckDB: what every PostgreSQL warehouse here must hold. */
    let reference: Record<string, string>;
    beforeAll(async () => {
      [A, pg] = await Promise.all([startAccounts({ latencyMs: 5 }), startPostgres()]);
      const duck = duckPath();
      expect((await A.masg(['sync', '--db', duck, '--profile', 'kiri,la,berlin', ...RANGE])).code).toBe(0);
      reference = await dumpAll(A.h, duck);
    }, 120_000);
    afterAll(async () => {
      await A?.h.close();
      await pg?.stop();
      removeTempDirs();
    });

    it('a 3-account sync holds what the same sync into DuckDB holds, table for table', async () => {
      const url = await pg.createDatabase();
      const run = await A.masg(['sync', '--db', url, '--profile', 'kiri,la,berlin', ...RANGE, '--concurrency', '6']);
      expect(run.code).toBe(0);
      expectStatus(run, { kiri: /^ok$/, la: /^ok$/, berlin: /^ok$/ });
      expect(await dumpAll(A.h, url)).toEqual(reference);
    }, 120_000);

    it('two syncs of disjoint accounts at once (two hosts): both complete, and together hold what one sync of all three holds', async () => {
      const url = await pg.createDatabase();
      const [one, two] = await Promise.all([
        A.masg(['sync', '--db', url, '--profile', 'kiri,la', ...RANGE, '--concurrency', '2']),
        A.masg(['sync', '--db', url, '--profile', 'berlin', ...RANGE, '--concurrency', '2']),
      ]);
      expect([one.code, two.code]).toEqual([0, 0]);
      expect(await dumpAll(A.h, url)).toEqual(reference);
    }, 120_000);

    it('the same account twice at once: the second is refused for it (exit 7 naming the account and the host), the first completes, no row twice', async () => {
      const url = await pg.createDatabase();
      A.h.mark();
      const first = A.masg(['sync', '--db', url, '--profile', 'la', '--from', '-20d', '--to', '-2d', '--concurrency', '1']);
      while (A.h.sent().filter((r) => r.path.includes('/statistics')).length < 3) await new Promise((r) => setTimeout(r, 5));
      const [alone, listed] = await Promise.all([
        A.masg(['sync', '--db', url, '--profile', 'la', ...RANGE]),
        A.masg(['sync', '--db', url, '--profile', 'la,berlin', ...RANGE]),
      ]);
      expect(alone.code).toBe(7);
      expect(alone.stderr).toContain(`The account ${A.email.la} is being synced into`);
      expect(alone.stderr).toContain(`by masg sync on ${hostname()} (PID ${process.pid}`);
      expect(listed.code).toBe(8);
      expect(statusLines(listed).berlin).toBe('ok');
      expect(statusLines(listed).la).toMatch(new RegExp(`^The account ${A.email.la!.replace(/\./g, '\\.')} is being synced .* \\(7\\)$`));
      expect((await first).code).toBe(0);
      for (const t of WAREHOUSE_TABLES) expect(await duplicateKeys(A.h, url, t)).toBe(0);
      // The lock is gone with the run: la syncs again.
      expect((await A.masg(['sync', '--db', url, '--profile', 'la', ...RANGE])).code).toBe(0);
      expect(await dump(A.h, url, 'masg_sync_locks')).toBe('account,host,pid,since\n');
    }, 180_000);
  },
);

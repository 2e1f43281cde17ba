// kill -9 during the upgrade of a version-1 warehouse (src/warehouse/upgrade.ts), on the built
// binary: paused at each step of the upgrade's one transaction (MASG_TEST_UPGRADE_PAUSE), and at
// moments picked by timing alone, the warehouse is then version 1 whole or the current version
// whole with every row, never a mix; and the next sync upgrades it and completes. The same for a
// version-3 warehouse (no `service` column), paused at each step. DuckDB and PostgreSQL.
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { dump, duckPath, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { toVersion3 } from '../warehouse/services.js';
import { expectWhole, held, makeV1, type Held } from '../warehouse/v1.js';
import { SCHEMA_VERSION } from '../../src/warehouse/schema.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));
const ARGS = ['sync', '--to', '-2d', '--tz', 'America/New_York', '--concurrency', '1'];

let h: Harness;
let pg: { createDatabase(): Promise<string>; stop(): Promise<void> } | undefined;
/** A version-2 warehouse of the demo account: the rows every version-1 copy is made of. */
let source: string;
beforeAll(async () => {
  [h, pg] = await Promise.all([startWarehouseHarness(), POSTGRES_SKIP ? undefined : startPostgres()]);
  source = duckPath('source.duckdb');
  const run = await h.masg(['sync', '--db', source, '--from', '-8d', '--to', '-2d', '--tz', 'America/New_York']);
  expect(run.code).toBe(0);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await pg?.stop();
  removeTempDirs();
});

function start(db: string, env: Record<string, string> = {}): { child: ChildProcess; stderr: () => string; done: Promise<number | null> } {
  const run = spawnMasg([...ARGS, '--db', db], { env: { HOME: '/nonexistent', ...h.env, ...env }, stdout: 'ignore' });
  return { child: run.child, stderr: run.stderr, done: run.exited };
}

async function until(what: () => boolean, child: ChildProcess): Promise<void> {
  while (!what()) {
    if (child.exitCode !== null) throw new Error(`the sync ended (exit ${child.exitCode}) before the moment to kill it`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const STEPS = ['begin', 'publisher_stats', 'campaigns', 'masg_sync_days', 'commit', 'committed'];

const engines: Array<[string, () => Promise<string>, string[]]> = [['DuckDB', () => Promise.resolve(duckPath()), STEPS]];
if (!POSTGRES_SKIP) engines.push(['PostgreSQL', () => pg!.createDatabase(), ['publisher_stats', 'commit', 'committed']]);

describe.skipIf(!BUILT)('kill -9 during the upgrade of a version-1 warehouse', () => {
  describe.each(engines)('on %s', (engine, newDb, steps) => {
    /** A version-1 warehouse, and what it holds. */
    async function old(): Promise<{ db: string; before: Held }> {
      const db = await newDb();
      await makeV1(source, db, h.sandbox.demo.email, 'America/New_York');
      return { db, before: await held(db) };
    }

    /** After the kill: either schema, whole; then a sync upgrades (if need be) and completes. */
    async function expectRecovered(db: string, before: Held): Promise<string> {
      const now = await held(db);
      expectWhole(now, before, h.sandbox.demo.email);
      const again = await start(db).done;
      expect(again).toBe(0);
      expectWhole(await held(db), before, h.sandbox.demo.email);
      return now.schema;
    }

    it.each(steps)(
      'paused at %s, then SIGKILL',
      async (step) => {
        const { db, before } = await old();
        const run = start(db, { MASG_TEST_UPGRADE_PAUSE: step });
        await until(() => run.stderr().includes(`upgrade paused at ${step}`), run.child);
        run.child.kill('SIGKILL');
        await run.done;
        // Before COMMIT the transaction is lost whole; once committed, the new schema is there whole.
        expect(await expectRecovered(db, before)).toBe(step === 'committed' ? SCHEMA_VERSION : '1');
      },
      120_000,
    );

    it('SIGKILL at moments picked by timing: either schema, whole, every time', async () => {
      const { db: template, before } = await old();
      for (let i = 0; i < (engine === 'DuckDB' ? 8 : 4); i++) {
        const db = engine === 'DuckDB' ? duckPath() : await newDb();
        if (engine === 'DuckDB') {
          copyFileSync(template, db);
          if (existsSync(`${template}.wal`)) copyFileSync(`${template}.wal`, `${db}.wal`);
        } else await makeV1(source, db, h.sandbox.demo.email, 'America/New_York');
        const run = start(db);
        // From the moment the upgrade is announced, a little later each time: inside the transaction, at its commit, after it.
        await until(() => run.stderr().includes('upgrading'), run.child);
        await new Promise((r) => setTimeout(r, i * 15));
        run.child.kill('SIGKILL');
        await run.done;
        await expectRecovered(db, before);
      }
    }, 300_000);
  });
});

/** The upgrade of version 3 (no `service` column) is one transaction too: paused at each of its steps. */
const STEPS_V3 = ['begin', 'masg_sync_accounts', 'commit', 'committed'];

describe.skipIf(!BUILT)('kill -9 during the upgrade of a version-3 warehouse', () => {
  describe.each(engines)('on %s', (_engine, newDb) => {
    const schema = (db: string) => scalar(h, db, "SELECT value FROM masg_sync_meta WHERE key = 'schema'");
    const hasService = (db: string) =>
      scalar(h, db, "SELECT count(*) FROM information_schema.columns WHERE table_name = 'masg_sync_accounts' AND column_name = 'service'");
    const kept = async (db: string) => [
      await dump(h, db, 'publisher_stats'),
      await dump(h, db, 'campaign_stats'),
      await dump(h, db, 'masg_sync_days'),
    ];

    it.each(STEPS_V3)(
      'paused at %s, then SIGKILL: version 3 or 4 whole, every row kept; the next sync upgrades and records the service',
      async (step) => {
        const db = await newDb();
        expect((await h.masg(['sync', '--db', db, '--from', '-5d', '--to', '-2d', '--tz', 'America/New_York'])).code).toBe(0);
        await toVersion3(h, db);
        const before = await kept(db);
        const run = start(db, { MASG_TEST_UPGRADE_PAUSE: step });
        await until(() => run.stderr().includes(`upgrade paused at ${step}`), run.child);
        run.child.kill('SIGKILL');
        await run.done;
        const upgraded = step === 'committed';
        expect([await schema(db), await hasService(db)]).toEqual(upgraded ? [SCHEMA_VERSION, '1'] : ['3', '0']);
        expect(await kept(db)).toEqual(before);
        expect(await start(db).done).toBe(0);
        expect([await schema(db), await hasService(db)]).toEqual([SCHEMA_VERSION, '1']);
        expect(await scalar(h, db, 'SELECT service FROM masg_sync_accounts')).toBe(new URL(h.sandbox.url).origin);
      },
      120_000,
    );
  });
});

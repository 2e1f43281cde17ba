// Two services, one e-mail: two sandboxes (each its own service, on its own port, with its own
// data: another seed), whose demo accounts share their e-mail, as a production host and a staging
// host may. Profile `a` reaches the account at service A, `b` at service B, `other` is A's second
// account. Shared by the DuckDB tests (services.test.ts) and PostgreSQL's (test/e2e/postgres-services.test.ts).
import { expect } from 'vitest';
import { tempDir, type Harness } from '../commands/harness.js';
import type { CliOptions, CliRun } from '../helpers/cli.js';
import { withProfiles } from '../helpers/profiles.js';
import { statusLines } from './accounts.js';
import { dumpAll, scalar, startWarehouseHarness } from './helpers.js';

export interface Services {
  A: Harness;
  B: Harness;
  /** Each sandbox's base URL, as a profile holds it: the service a warehouse records. */
  originA: string;
  originB: string;
  email: string;
  masg(argv: string[], opts?: CliOptions): Promise<CliRun>;
  close(): Promise<void>;
}

export async function startServices(): Promise<Services> {
  const [A, B] = await Promise.all([startWarehouseHarness(), startWarehouseHarness({ seed: 7 })]);
  expect(B.sandbox.demo.email).toBe(A.sandbox.demo.email);
  const configDir = tempDir('masg-services-');
  const zone = A.sandbox.demo.timezone;
  const profiles = {
    a: { email: A.sandbox.demo.email, key: A.sandbox.demo.key, baseUrl: A.sandbox.url, timezone: zone },
    b: { email: B.sandbox.demo.email, key: B.sandbox.demo.key, baseUrl: B.sandbox.url, timezone: zone },
    other: { email: A.sandbox.other.email, key: A.sandbox.other.key, baseUrl: A.sandbox.url, timezone: A.sandbox.other.timezone },
  };
  return {
    A,
    B,
    originA: new URL(A.sandbox.url).origin,
    originB: new URL(B.sandbox.url).origin,
    email: A.sandbox.demo.email,
    masg: withProfiles(configDir, profiles, A.env),
    close: async () => {
      await Promise.all([A.close(), B.close()]);
    },
  };
}

/** Days every zone has finished, fixed: compared across runs. */
export const RANGE = ['--from', '-4d', '--to', '-2d'];

/**
 * What the warehouse holds of the account, every table's rows of it (the run's bookkeeping aside,
 * as dump() leaves it), and its figures summed (the figures a mix would change).
 */
export async function holding(s: Services, db: string): Promise<{ tables: Record<string, string>; figures: string }> {
  const figures = await scalar(
    s.A,
    db,
    `SELECT concat_ws(' ', CAST(count(*) AS VARCHAR), CAST(sum(impressions) AS VARCHAR), CAST(sum(earnings) AS VARCHAR)) FROM publisher_stats WHERE account = '${s.email}'`,
  );
  const tables: Record<string, string> = {};
  for (const [name, rows] of Object.entries(await dumpAll(s.A, db)))
    tables[name] = rows
      .split('\n')
      .filter((line, i) => i === 0 || line.startsWith(`${s.email},`))
      .join('\n');
  return { tables, figures };
}

/** The statistics requests a sandbox received since its last mark(). */
export function statisticsSent(h: Harness): number {
  return h.sent().filter((r) => r.path.includes('/statistics')).length;
}

/**
 * Profile b (service B, the same e-mail) into a warehouse holding the account from service A:
 * refused before anything of B is fetched, naming both services, and the warehouse as it was.
 */
export async function expectRefused(s: Services, db: string, argv: string[], code: number): Promise<CliRun> {
  const before = await holding(s, db);
  s.B.mark();
  const run = await s.masg(['sync', '--db', db, ...argv, ...RANGE]);
  expect(run.code).toBe(code);
  expect(run.stderr).toContain(s.originA);
  expect(run.stderr).toContain(s.originB);
  expect(run.stderr).toContain(s.email);
  expect(statisticsSent(s.B)).toBe(0);
  expect(await holding(s, db)).toEqual(before);
  return run;
}

/** The service each account of the warehouse was recorded with, by `masg sync --status -o json`. */
/**
 * Account a synced from A, then `other` (A's second account) and b (the e-mail at B) in one run:
 * b's status line names both services (exit 8), other is synced, and the warehouse still records
 * A for the e-mail. The same on either engine.
 */
export async function expectRefusedAmongAccounts(s: Services, db: string): Promise<void> {
  expect((await s.masg(['sync', '--db', db, '--profile', 'a', ...RANGE])).code).toBe(0);
  const run = await expectRefused(s, db, ['--profile', 'other,b'], 8);
  const lines = statusLines(run);
  expect(lines.other).toBe('ok');
  expect(lines.b).toContain(s.originA);
  expect(lines.b).toContain(s.originB);
  expect(lines.b).toMatch(/\(2\)$/);
  expect(await services(s, db)).toEqual({ [s.email]: s.originA, [s.A.sandbox.other.email]: s.originA });
}

export async function services(s: Services, db: string): Promise<Record<string, string | null>> {
  const run = await s.masg(['sync', '--status', '--db', db, '-o', 'json']);
  expect(run.code).toBe(0);
  const rows = JSON.parse(run.stdout) as Array<{ account: string; service?: string | null }>;
  return Object.fromEntries(rows.map((r) => [r.account, r.service ?? null]));
}

/** The warehouse made as version 3 wrote it: today's tables but for the accounts' `service` column, the version 3. */
export async function toVersion3(h: Harness, db: string): Promise<void> {
  for (const sql of ['ALTER TABLE masg_sync_accounts DROP COLUMN service', "UPDATE masg_sync_meta SET value = '3' WHERE key = 'schema'"]) {
    const run = await h.masg(['sql', '--db', db, '--write', sql]);
    expect(run.code, run.stderr).toBe(0);
  }
}

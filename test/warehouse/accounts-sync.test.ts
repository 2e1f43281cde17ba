// One warehouse for several accounts (DuckDB; PostgreSQL in test/e2e/postgres-accounts.test.ts, test/e2e/sql-accounts.test.ts):
// `masg sync --profile a,b,c` equals each account's own export, every day in the account's zone;
// accounts sharing IDs never collide; a failed account costs the others nothing (exit 8, a status
// line each, the restricted one asked once and never again); `--status` per account.
import { existsSync } from 'node:fs';
import { openStore } from '../../src/config/conf-store.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs } from '../commands/harness.js';
import { duckPath, scalar } from './helpers.js';
import { dayIn, expectStatus, startAccounts, type Accounts } from './accounts.js';

let A: Accounts;
beforeAll(async () => {
  A = await startAccounts();
}, 60_000);
afterAll(async () => {
  await A.h.close();
  removeTempDirs();
});
beforeEach(() => A.h.mark());

const THREE = ['kiri', 'la', 'berlin'];
const RANGE = ['--from', '-3d', '--to', '-2d'];

/** The warehouse's rows of one account, as the export writes them (its columns, by name), sorted. */
async function held(db: string, table: string, account: string, columns: string[]): Promise<string[]> {
  const run = await A.masg([
    'sql',
    '--db',
    db,
    '-o',
    'csv',
    '--no-header',
    `SELECT ${columns.join(', ')} FROM ${table} WHERE account = '${account}'`,
  ]);
  expect(run.code).toBe(0);
  return (await parseCsv(run.stdout)).map((r) => r.join(',')).sort();
}

/** The export's rows, the columns picked by name; a day without data (empty IDs) is no row in the warehouse. */
async function exported(argv: string[], columns: string[], keep: (r: Record<string, string>) => boolean): Promise<string[]> {
  const run = await A.masg([...argv, '-o', 'csv']);
  expect(run.code).toBe(0);
  const [header, ...rows] = await parseCsv(run.stdout);
  return rows
    .map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i]!])))
    .filter(keep)
    .map((r) => columns.map((c) => (r[c] === '-0.00' ? '0.00' : r[c])).join(','))
    .sort();
}

describe('masg sync --profile kiri,la,berlin into one DuckDB file', () => {
  let db: string;
  beforeAll(async () => {
    db = duckPath();
    const run = await A.masg(['sync', '--db', db, '--profile', THREE.join(','), ...RANGE, '--concurrency', '4']);
    expect(run.code).toBe(0);
    expectStatus(run, { kiri: /^ok$/, la: /^ok$/, berlin: /^ok$/ });
  }, 120_000);

  it.each(THREE)('%s: its publisher rows are its own `masg pub stats` export, on its own days', async (name) => {
    const columns = ['date', 'publication', 'adslot', 'country', 'requests', 'impressions', 'clicks', 'earnings', 'currency'];
    const want = await exported(
      ['pub', 'stats', '--profile', name, ...RANGE, '--interval', 'day', '--level', 'adslot', '--by-country'],
      columns,
      (r) => r.publication !== '',
    );
    expect(want.length).toBeGreaterThan(10);
    expect(await held(db, 'publisher_stats', A.email[name]!, columns)).toEqual(want);
    const days = await scalar(
      A.h,
      db,
      `SELECT string_agg(DISTINCT CAST(date AS VARCHAR), ' ' ORDER BY CAST(date AS VARCHAR)) FROM masg_sync_days WHERE account = '${A.email[name]}'`,
    );
    expect(days).toBe(`${dayIn(A.zone[name]!, 3)} ${dayIn(A.zone[name]!, 2)}`);
  });

  it.each(THREE)(
    "%s: its campaign rows are each campaign's `masg campaign stats` export",
    async (name) => {
      const email = A.email[name]!;
      const ids = (await scalar(A.h, db, `SELECT string_agg(id, ' ' ORDER BY id) FROM campaigns WHERE account = '${email}'`)).split(' ');
      const columns = ['date', 'impressions', 'clicks', 'conversions', 'spend'];
      for (const id of ids) {
        const want = await exported(['campaign', 'stats', id, '--profile', name, ...RANGE, '--interval', 'day'], columns, () => true);
        const got = await held(db, `(SELECT * FROM campaign_stats WHERE campaign = '${id}') c`, email, columns);
        // The export has a row for every day; the warehouse keeps what the service sent for the campaign.
        for (const row of got) expect(want).toContain(row);
        for (const row of want) if (!/,0,0,0,0\.00$/.test(row)) expect(got).toContain(row);
      }
    },
    120_000,
  );

  it('the twins kiri and la share their IDs, and each keeps its own rows under its own account', async () => {
    const shared = await scalar(
      A.h,
      db,
      `SELECT count(*) FROM (SELECT id FROM publications WHERE account IN ('${A.email.kiri}', '${A.email.la}') GROUP BY id HAVING count(*) = 2) t`,
    );
    expect(Number(shared)).toBeGreaterThan(1);
    expect(await scalar(A.h, db, 'SELECT count(DISTINCT account) FROM publisher_stats')).toBe('3');
  });

  it('a second run changes nothing, and keeps one row per key', async () => {
    const before = await scalar(A.h, db, "SELECT count(*) || ' ' || sum(earnings) FROM publisher_stats");
    const run = await A.masg(['sync', '--db', db, '--profile', THREE.join(','), ...RANGE]);
    expect(run.code).toBe(0);
    expect(await scalar(A.h, db, "SELECT count(*) || ' ' || sum(earnings) FROM publisher_stats")).toBe(before);
  });
});

describe('some accounts fail', () => {
  it('exit 8: the others complete, a status line names each, the restricted account is asked once and never again', async () => {
    const db = duckPath();
    const run = await A.masg(['sync', '--db', db, '--profile', 'kiri,bad,locked', ...RANGE, '--retries', '3']);
    expect(run.code).toBe(8);
    expectStatus(run, {
      kiri: /^ok$/,
      bad: /^credentials rejected \(code 100\d\) \(4\)$/,
      locked: /^restricted by the service \(code 1004.*\(4\)$/,
    });
    // bad and locked: the requests they sent at once (lists, the first reports), each once: a refusal is not retried.
    const refused = A.h.sent().filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const asked = new Map<string, number>();
    for (const r of refused) asked.set(`${r.path} ${r.params.start ?? ''}`, (asked.get(`${r.path} ${r.params.start ?? ''}`) ?? 0) + 1);
    for (const n of asked.values()) expect(n).toBeLessThanOrEqual(2);
    expect(await scalar(A.h, db, 'SELECT count(DISTINCT account) FROM publisher_stats')).toBe('1');
  });

  it('-o json: the statuses as data on stdout, with their exit classes', async () => {
    const run = await A.masg(['sync', '--db', duckPath(), '--profile', 'kiri,locked', ...RANGE, '-o', 'json']);
    expect(run.code).toBe(8);
    const statuses = JSON.parse(run.stdout) as Array<{ account: string; status: string; exitCode: number }>;
    expect(statuses.map((s) => [s.account, s.status, s.exitCode])).toEqual([
      ['kiri', 'ok', 0],
      ['locked', 'restricted', 4],
    ]);
  });

  it('two profiles of one account in one run: the second is refused, the first synced once', async () => {
    const run = await A.masg(['sync', '--db', duckPath(), '--profile', 'berlin,bad', ...RANGE]);
    expect(run.code).toBe(8);
    expectStatus(run, {
      berlin: /^ok$/,
      bad: new RegExp(`^bad is ${A.email.berlin!.replace('.', '\\.')}, already synced in this run as berlin\\. \\(2\\)$`),
    });
  });

  it('a stale key first: the next profile of the same account is tried and syncs it; "already synced" only after a sync', async () => {
    const db = duckPath();
    // As a key rotation leaves it: berlin's profile as it was, with the old key.
    const store = await openStore(A.configDir, { env: { MASG_CONFIG_DIR: A.configDir, MASG_KEYRING: '0' } });
    await store.set('stale', { email: A.email.berlin!, key: 'the-old-key', baseUrl: A.h.sandbox.url, timezone: A.zone.berlin! });
    const run = await A.masg(['sync', '--db', db, '--profile', 'stale,berlin', ...RANGE]);
    expect(run.code, run.stderr).toBe(8);
    expectStatus(run, { stale: /^credentials rejected \(code 100\d\) \(4\)$/, berlin: /^ok$/ });
    expect(run.stderr).not.toContain('already synced');
    expect(await scalar(A.h, db, `SELECT count(*) > 0 FROM publisher_stats WHERE account = '${A.email.berlin}'`)).toBe('true');
  });

  it("one account's 429 holds only that account, and no Node warning is raised (hourly, --concurrency 16)", async () => {
    const warnings: string[] = [];
    const listener = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', listener);
    A.h.sandbox.setFaults({ next: ['429'], account: A.email.kiri, retryAfter: 2 });
    try {
      const run = await A.masg([
        'sync',
        '--db',
        duckPath(),
        '--profile',
        'kiri,la,berlin',
        ...RANGE,
        '--grain',
        'hour',
        '--concurrency',
        '16',
      ]);
      expect(run.code, run.stderr).toBe(0);
      expectStatus(run, { kiri: /^ok$/, la: /^ok$/, berlin: /^ok$/ });
    } finally {
      A.h.sandbox.setFaults(undefined);
      process.off('warning', listener);
    }
    expect(warnings).toEqual([]);
  });

  it('--tz and --dry-run take one account: exit 2, nothing sent', async () => {
    for (const extra of [['--tz', 'UTC'], ['--dry-run']]) {
      const run = await A.masg(['sync', '--db', duckPath(), '--profile', 'kiri,la', ...extra]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('names several');
    }
    expect(A.h.sent()).toEqual([]);
  });

  it('a malformed --accept-restated is refused before the warehouse opens, as for one account', async () => {
    const db = duckPath();
    const run = await A.masg(['sync', '--db', db, '--profile', 'kiri,la', ...RANGE, '--accept-restated', '2026-02-30']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--accept-restated: "2026-02-30" .*February 2026 has 28 days/);
    expect(existsSync(db)).toBe(false);
    expect(A.h.sent()).toEqual([]);
  });
});

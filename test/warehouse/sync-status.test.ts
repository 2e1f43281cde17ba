// `masg sync --status`: per account, the days held, which are final and which provisional (inside
// the lookback of its last run, and today), the gaps, the last run and its result; right after a
// partial failure, after a lookback, on a version-1 warehouse, in every output format.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv, removeTempDirs } from '../commands/harness.js';
import { duckPath } from './helpers.js';
import { dayIn, startAccounts, type Accounts } from './accounts.js';
import { makeV1 } from './v1.js';

let A: Accounts;
beforeAll(async () => {
  A = await startAccounts();
}, 60_000);
afterAll(async () => {
  await A.h.close();
  removeTempDirs();
});
beforeEach(() => A.h.mark());

type Status = Record<string, string | number | null>;

async function status(db: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Status[]> {
  const run = await A.masg(['sync', '--status', '--db', db, '-o', 'json', ...extra], { env });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Status[];
}

const day = (name: string, n: number) => dayIn(A.zone[name]!, n);

describe('masg sync --status', () => {
  it('right after a partial failure: the account that synced, and the restricted one with no day and its result', async () => {
    const db = duckPath();
    expect((await A.masg(['sync', '--db', db, '--profile', 'kiri,locked', '--from', '-3d', '--to', '-2d'])).code).toBe(8);
    const rows = await status(db);
    expect(rows.map((r) => r.account)).toEqual([A.email.kiri, A.email.locked]);
    const [kiri, locked] = rows;
    expect(kiri).toMatchObject({
      timezone: 'Pacific/Kiritimati',
      grain: 'day',
      first: day('kiri', 3),
      last: day('kiri', 2),
      days: '2',
      // Inside the default lookback of 3: the next sync fetches both again.
      final_through: null, // JSON writes an empty field as null
      provisional: `${day('kiri', 3)}, ${day('kiri', 2)}`,
      gaps: null,
      last_result: 'ok',
    });
    expect(locked).toMatchObject({ timezone: 'UTC', days: '0', first: null, last_result: 'restricted' });
    expect(locked!.last_message).toContain('1004');
    expect(Date.parse(`${String(locked!.last_run_ended)}Z`)).toBeGreaterThanOrEqual(Date.parse(`${String(locked!.last_run_started)}Z`));
  });

  it('after a lookback: final days, provisional ones, a gap, and today partial', async () => {
    const db = duckPath();
    const sync = (...args: string[]) => A.masg(['sync', '--db', db, '--profile', 'la,berlin', ...args]);
    expect((await sync('--from', '-10d', '--to', '-9d')).code).toBe(0);
    expect((await sync('--from', '-6d', '--to', '-2d', '--lookback', '2')).code).toBe(0);
    let [la] = await status(db, ['--profile', 'la,kiri']);
    expect(la).toMatchObject({
      account: A.email.la,
      days: '7',
      first: day('la', 10),
      last: day('la', 2),
      final_through: day('la', 4),
      provisional: `${day('la', 3)}, ${day('la', 2)}`,
      gaps: `${day('la', 8)} to ${day('la', 7)}`,
    });
    // Continuing with the lookback of 2: -3d … today, today partial (fetched again next time).
    A.h.mark();
    expect((await sync('--lookback', '2')).code).toBe(0);
    const publisherDays = A.h.sent().filter((r) => r.path === '/publication/statistics.xml').length;
    expect(publisherDays).toBe(2 * 4);
    [la] = await status(db, ['--profile', 'la']);
    expect(la).toMatchObject({
      account: A.email.la,
      last: day('la', 0),
      final_through: day('la', 3),
      provisional: `${day('la', 2)}, ${day('la', 1)}, ${day('la', 0)}`,
    });
  });

  // Rows are ordered by e-mail, so berlin's came first: a test comparing days passed only while
  // Berlin and Los Angeles shared a date (08:00 to 23:00 UTC). Accounts are compared, not days.
  it('one profile named (--profile or MASG_PROFILE): its account only; none named: every account', async () => {
    const db = duckPath();
    expect((await A.masg(['sync', '--db', db, '--profile', 'la,berlin', '--from', '-2d', '--to', '-2d'])).code).toBe(0);
    const accounts = (rows: Status[]) => rows.map((r) => r.account);
    expect(accounts(await status(db, ['--profile', 'la']))).toEqual([A.email.la]);
    expect(accounts(await status(db, [], { MASG_PROFILE: 'la' }))).toEqual([A.email.la]);
    expect(accounts(await status(db, ['--profile', 'berlin'], { MASG_PROFILE: 'la' }))).toEqual([A.email.berlin]);
    expect(accounts(await status(db, ['--profile', 'kiri']))).toEqual([]);
    expect(accounts(await status(db))).toEqual([A.email.berlin, A.email.la]);
    const missing = await A.masg(['sync', '--status', '--db', db, '--profile', 'nobody']);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe('');
  });

  it('every output format, one row per account', async () => {
    const db = duckPath();
    expect((await A.masg(['sync', '--db', db, '--profile', 'kiri,berlin', '--from', '-2d', '--to', '-2d'])).code).toBe(0);
    for (const format of ['csv', 'tsv']) {
      const run = await A.masg(['sync', '--status', '--db', db, '-o', format]);
      expect(run.code).toBe(0);
      const [header, ...rows] = await parseCsv(run.stdout, format === 'csv' ? ',' : '\t');
      expect(header!.slice(0, 6)).toEqual(['account', 'timezone', 'grain', 'first', 'last', 'days']);
      expect(rows.map((r) => r[0])).toEqual([A.email.berlin, A.email.kiri].sort());
    }
    const nd = await A.masg(['sync', '--status', '--db', db, '-o', 'ndjson']);
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as Status).last_result),
    ).toEqual(['ok', 'ok']);
    const table = await A.masg(['sync', '--status', '--db', db, '-o', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(A.email.kiri);
    expect(table.stdout).toMatch(/ACCOUNT/i);
  });

  it('a version-1 warehouse: its one account, read as the upgrade will make it, and nothing changed', async () => {
    const [fresh, old] = [duckPath(), duckPath()];
    expect((await A.masg(['sync', '--db', fresh, '--profile', 'kiri,la', '--from', '-3d', '--to', '-2d'])).code).toBe(0);
    await makeV1(fresh, old, A.email.kiri!, 'Pacific/Kiritimati');
    const [row] = await status(old);
    expect(row).toMatchObject({ account: A.email.kiri, timezone: 'Pacific/Kiritimati', days: '2', last_result: null });
    const [again] = await status(old);
    expect(again).toEqual(row);
  });
});

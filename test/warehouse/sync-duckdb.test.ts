// masg sync into a DuckDB file, against the sandbox over real HTTP, in-process: what lands in
// the tables, that re-running changes nothing, that the lookback catches a revised day, that
// the rows are exactly the CSV export's, and that every refusal happens before anything is sent.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal, plus, type Decimal } from '../../src/core/decimal.js';
import { parseCsv, removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { dump, dumpAll, duckPath, duplicateKeys, scalar, startWarehouseHarness } from './helpers.js';

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

// The demo account's zone, so that `today` is the sandbox's today whatever this machine's zone.
const TZ = ['--tz', 'America/New_York'];
const RANGE = ['--from', '-6d', '--to', '-2d', ...TZ];
const statsRequests = () => h.sent().filter((r) => r.path.includes('/statistics'));

describe('masg sync into DuckDB', () => {
  it('fills the statistics, the snapshots and the state, one publisher request per day and one per campaign and day', async () => {
    const db = duckPath();
    const run = await h.masg(['sync', '--db', db, ...RANGE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^masg sync: 5 days \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\) written to .*stats\.duckdb: [\d,]+ rows from \d+ requests in [\d.]+ s\.\n$/,
    );
    const publisher = statsRequests().filter((r) => r.path === '/publication/statistics.xml');
    expect(publisher).toHaveLength(5);
    for (const r of publisher) expect(r.params).toMatchObject({ level: 'adslot', bycountry: 'true' });
    const campaigns = Number(await scalar(h, db, 'SELECT count(*) FROM campaigns'));
    expect(campaigns).toBe(6);
    expect(statsRequests().filter((r) => r.path.startsWith('/campaign/'))).toHaveLength(5 * campaigns);

    expect(Number(await scalar(h, db, 'SELECT count(*) FROM publisher_stats'))).toBeGreaterThan(100);
    expect(Number(await scalar(h, db, 'SELECT count(*) FROM campaign_stats'))).toBeGreaterThan(0);
    expect(await scalar(h, db, 'SELECT count(*) FROM publications')).toBe('7');
    expect(await scalar(h, db, 'SELECT count(*) FROM adslots')).toBe('11');
    expect(await scalar(h, db, "SELECT string_agg(name, '|' ORDER BY name) FROM advertisers")).toBe('Acme Outdoor|Bäckerei Schmidt');
    expect(await scalar(h, db, "SELECT count(*) || ' ' || bool_and(complete) FROM masg_sync_days WHERE grain = 'day'")).toBe('5 true');
    expect(await scalar(h, db, "SELECT value FROM masg_sync_meta WHERE key = 'timezone'")).toBe('America/New_York');
    for (const t of ['publisher_stats', 'campaign_stats']) expect(await duplicateKeys(h, db, t)).toBe(0);
    // Types are the contract: DATE, BIGINT, DECIMAL(18,2).
    const types = await scalar(
      h,
      db,
      "SELECT string_agg(column_name || ':' || data_type, ' ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'publisher_stats'",
    );
    expect(types).toBe(
      'account:VARCHAR date:DATE publication:VARCHAR adslot:VARCHAR country:VARCHAR requests:BIGINT impressions:BIGINT clicks:BIGINT earnings:DECIMAL(18,2) currency:VARCHAR',
    );
  });

  it('twice with no change upstream: identical tables, zero duplicate keys', async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    const first = await dumpAll(h, db);
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    expect(await dumpAll(h, db)).toEqual(first);
    for (const t of ['publisher_stats', 'campaign_stats', 'masg_sync_days']) expect(await duplicateKeys(h, db, t)).toBe(0);
  });

  it('the same rows as `masg pub stats --interval day --level adslot --by-country -o csv`, and the same earnings to the cent', async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    const csv = await h.masg(['pub', 'stats', ...RANGE, '--interval', 'day', '--level', 'adslot', '--by-country', '-o', 'csv']);
    expect(csv.code).toBe(0);
    const [header, ...exported] = await parseCsv(csv.stdout);
    expect(header).toEqual(['date', 'publication', 'adslot', 'country', 'requests', 'impressions', 'clicks', 'earnings', 'currency']);
    // A day without any data is one zero row with empty IDs in the export; the warehouse keeps no such row.
    // DECIMAL has no negative zero: the service's -0.00 is 0.00 in the database.
    const norm = (r: string[]) => r.map((v, i) => (i === 7 && v === '-0.00' ? '0.00' : v)).join(',');
    const expected = exported
      .filter((r) => r[1] !== '')
      .map(norm)
      .sort();
    const [, ...stored] = await parseCsv(await dump(h, db, 'publisher_stats'));
    // Every row is the account's: its e-mail first, then the export's columns.
    expect(new Set(stored.map((r) => r[0]))).toEqual(new Set([h.sandbox.demo.email]));
    expect(stored.map((r) => norm(r.slice(1))).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);

    let total: Decimal = parseDecimal('0.00')!;
    for (const r of exported) total = plus(total, parseDecimal(r[7]!)!);
    expect(await scalar(h, db, 'SELECT sum(earnings) FROM publisher_stats')).toBe(formatDecimal(total, 2));
  });

  it('the lookback re-fetches the last days: a revised past day is replaced, older days are left alone', async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, '--from', '-8d', '--to', '-2d', ...TZ])).code).toBe(0);
    const sumOf = (d: string) =>
      scalar(h, db, `SELECT sum(earnings) || ' ' || sum(impressions) FROM publisher_stats WHERE date = DATE '${d}'`);
    // Days in the account's zone: read them back from the state rather than from this machine's clock.
    const days = (await scalar(h, db, "SELECT string_agg(CAST(date AS VARCHAR), ' ' ORDER BY date) FROM masg_sync_days")).split(' ');
    expect(days).toHaveLength(7);
    const recent = days[6]!; // -2d: within --lookback 3 of the last complete day
    const old = days[0]!; // -8d: outside it
    const [recentBefore, oldBefore] = [await sumOf(recent), await sumOf(old)];
    await h.sandbox.revise(recent, 2);
    await h.sandbox.revise(old, 2);
    try {
      h.mark();
      expect((await h.masg(['sync', '--db', db, '--to', '-2d', ...TZ])).code).toBe(0);
      // --to -2d with last complete -2d: the lookback of 3 is -4d … -2d.
      // Sent concurrently: the order they reach the sandbox is not the order of the days.
      const publisherDays = statsRequests()
        .filter((r) => r.path === '/publication/statistics.xml')
        .map((r) => r.params.start!.slice(0, 8))
        .sort();
      expect(publisherDays).toEqual(days.slice(4).map((d) => d.replace(/-/g, '')));
      expect(await sumOf(recent)).not.toBe(recentBefore);
      const [earnings, impressions] = (await sumOf(recent)).split(' ').map(Number);
      const [e0, i0] = recentBefore.split(' ').map(Number);
      expect(impressions!).toBeGreaterThan(1.9 * i0!);
      expect(earnings!).toBeGreaterThan(1.9 * e0!);
      expect(await sumOf(old)).toBe(oldBefore);
      expect(await duplicateKeys(h, db, 'publisher_stats')).toBe(0);
    } finally {
      await h.sandbox.revise(recent, 1);
      await h.sandbox.revise(old, 1);
    }
  });

  it('today is partial: kept with complete = false and fetched again by the next run', async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, '--from', '-1d', ...TZ])).code).toBe(0);
    expect(await scalar(h, db, "SELECT string_agg(CAST(complete AS VARCHAR), ' ' ORDER BY date) FROM masg_sync_days")).toBe('true false');
    h.mark();
    expect((await h.masg(['sync', '--db', db, '--lookback', '0', ...TZ])).code).toBe(0);
    const days = statsRequests()
      .filter((r) => r.path === '/publication/statistics.xml')
      .map((r) => r.params.start);
    expect(days).toHaveLength(1); // today only: yesterday was complete and the lookback is 0
    expect(await scalar(h, db, 'SELECT max(CAST(date AS VARCHAR)) FROM masg_sync_days WHERE NOT complete')).toBe(
      days[0]!.replace(/^(\d{4})(\d\d)(\d\d)00$/, '$1-$2-$3'),
    );
  });

  it('--grain hour keeps hourly rows in their own tables, summing to the daily figures', async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, '--from', '-3d', '--to', '-3d', ...TZ])).code).toBe(0);
    h.mark();
    expect((await h.masg(['sync', '--db', db, '--grain', 'hour', '--from', '-3d', '--to', '-3d', '--concurrency', '8', ...TZ])).code).toBe(
      0,
    );
    expect(statsRequests().filter((r) => r.path === '/publication/statistics.xml')).toHaveLength(24);
    expect(await scalar(h, db, 'SELECT count(DISTINCT hour) FROM publisher_stats_hourly')).toBe('24');
    const daily = await scalar(h, db, "SELECT sum(requests) || ' / ' || sum(earnings) FROM publisher_stats");
    expect(await scalar(h, db, "SELECT sum(requests) || ' / ' || sum(earnings) FROM publisher_stats_hourly")).toBe(daily);
    expect(await scalar(h, db, 'SELECT sum(spend) FROM campaign_stats_hourly')).toBe(
      await scalar(h, db, 'SELECT sum(spend) FROM campaign_stats'),
    );
    expect(await duplicateKeys(h, db, 'publisher_stats_hourly')).toBe(0);
  });

  it('--dry-run lists the days and the requests and sends nothing, creating no file', async () => {
    const db = duckPath();
    const run = await h.masg(['--dry-run', 'sync', '--db', db, ...RANGE]);
    expect(run.code).toBe(0);
    expect(h.sent()).toEqual([]);
    expect(existsSync(db)).toBe(false);
    // The one dry-run renderer: the plan's own lines, a blank line, then each request as the SDK
    // describes it (its line, then its headers, the key redacted).
    const [notes, requests] = run.stdout.split('\n\n');
    expect(notes).toMatch(/^masg sync --dry-run: would write 5 days into /);
    expect(requests).toMatch(/^GET /);
    const lines = requests!.split('\n').filter(Boolean);
    expect(lines.every((line) => /^(GET|POST) |^[A-Za-z-]+: /.test(line))).toBe(true);
    expect(
      run.stdout.match(/^GET .*\/publication\/statistics\.xml\?start=\d{8}00&end=\d{8}23&level=adslot&bycountry=true$/gm),
    ).toHaveLength(5);
    expect(run.stdout).toContain('/advertisers/list.xml');
    // With a snapshot, the campaigns it knows are listed too.
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    h.mark();
    const again = await h.masg(['--dry-run', 'sync', '--db', db, '--lookback', '1', ...TZ]);
    expect(again.code).toBe(0);
    expect(h.sent()).toEqual([]);
    expect(again.stdout.match(/^GET .*\/campaign\/[0-9a-f-]+\/statistics\.xml/gm)!.length).toBeGreaterThanOrEqual(6);
  });

  it('--accept-restated is planned: --dry-run names the days it takes and fetches them; a bad one opens nothing', async () => {
    const db = duckPath();
    for (const bad of ['2026-13-01', 'today']) {
      const run = await h.masg(['sync', '--db', db, ...RANGE, '--accept-restated', bad]);
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
      expect(run.stderr).toContain('--accept-restated');
      expect(existsSync(db)).toBe(false);
    }
    // yesterday and -10d lie outside the range -6d..-2d: fetched too, in day order.
    const run = await h.masg(['--dry-run', 'sync', '--db', db, ...RANGE, '--accept-restated', 'yesterday, -10d,-3d']);
    expect(run.code).toBe(0);
    expect(h.sent()).toEqual([]);
    const range = /would write 7 days into .*: (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)\./.exec(run.stdout);
    expect(range).not.toBeNull();
    const [, first, last] = range!;
    const taken = /--accept-restated: the new answer of (\S+), (\S+), (\S+) would be applied/.exec(run.stdout);
    expect([taken?.[1], taken?.[3]]).toEqual([first, last]);
    expect(run.stdout.match(/^GET .*\/publication\/statistics\.xml\?/gm)).toHaveLength(7);
    expect(existsSync(db)).toBe(false);
  });

  it('--concurrency 16: the days waiting for their turn raise no Node warning (MaxListenersExceededWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      // 20 days: more than 10 of the 16 tasks at once wait for an earlier day's commit.
      const run = await h.masg(['sync', '--db', duckPath(), '--from', '-21d', '--to', '-2d', ...TZ, '--concurrency', '16']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('Warning');
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  it('MASG_DB and then $XDG_DATA_HOME/masg/stats.duckdb choose the file when --db is not given', async () => {
    const dir = tempDir('masg-xdg-');
    expect((await h.masg(['sync', '--from', '-2d', '--to', '-2d', ...TZ], { env: { XDG_DATA_HOME: dir } })).code).toBe(0);
    expect(existsSync(join(dir, 'masg', 'stats.duckdb'))).toBe(true);
    const viaEnv = join(dir, 'env.duckdb');
    expect((await h.masg(['sync', '--from', '-2d', '--to', '-2d', ...TZ], { env: { XDG_DATA_HOME: dir, MASG_DB: viaEnv } })).code).toBe(0);
    expect(existsSync(viaEnv)).toBe(true);
  });
});

describe('refusals: exit 2 and nothing sent', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an unknown grain', ['--grain', 'week'], /--grain.*"week" is not one of day, hour/],
    ['a negative lookback', ['--lookback', '-1'], /--lookback: "-1" is not a whole number/],
    ['a lookback that is not a number', ['--lookback', 'three'], /--lookback/],
    ['a concurrency of 0', ['--concurrency', '0'], /--concurrency: "0"/],
    ['--to in the future', ['--to', '2999-01-01'], /--to 2999-01-01 is in the future/],
    ['--from after --to', ['--from', '-2d', '--to', '-5d'], /--from .* is after --to/],
    ['an hour as --from', ['--from', '2026-01-01T05'], /--from: "2026-01-01T05" is an hour; masg sync keeps whole days/],
    ['an impossible date', ['--from', '2026-02-30'], /February 2026 has 28 days/],
    ['an unknown zone', ['--tz', 'Mars/Olympus'], /--tz: "Mars\/Olympus" is not an IANA time zone/],
    ['a URL that is not PostgreSQL', ['--db', 'mysql://x@y/z'], /--db: "mysql:\/\/x@y\/z" is neither a file path nor a postgres:\/\/ URL/],
    ['an empty --db', ['--db', ''], /--db: the database is empty/],
    ['a folder as --db', ['--db', '/tmp/'], /names a folder/],
    ['a range over the limit', ['--from', '1990-01-01'], /one sync takes at most 3660/],
    // --accept-restated reads its days as every date flag does.
    ['an impossible day to accept', ['--accept-restated', '2026-02-30'], /--accept-restated: "2026-02-30" .*February 2026 has 28 days/],
    ['a word that is not a date to accept', ['--accept-restated', '-2d,yestrday'], /--accept-restated: "yestrday" is not a date/],
    ['an hour to accept', ['--accept-restated', '2026-01-01T05'], /--accept-restated: "2026-01-01T05" is an hour/],
    ['a day to accept that is not over', ['--accept-restated', 'today'], /--accept-restated: \d{4}-\d\d-\d\d is not over yet/],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const db = args.includes('--db') ? [] : ['--db', duckPath()];
    const run = await h.masg(['sync', ...db, ...(args.includes('--tz') ? [] : TZ), ...args]);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(message);
    expect(h.sent()).toEqual([]);
  });

  it.each([
    ['MASG_DUCKDB_MEMORY_LIMIT', 'lots', /MASG_DUCKDB_MEMORY_LIMIT: "lots" is not an amount of memory/],
    ['MASG_DUCKDB_THREADS', '0', /MASG_DUCKDB_THREADS: "0" is not a number of threads/],
  ])('%s=%s: DuckDB settings are checked as user input, nothing opened', async (name, value, message) => {
    const db = duckPath();
    const run = await h.masg(['sync', '--db', db, ...TZ], { env: { [name]: value } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(h.sent()).toEqual([]);
    expect(existsSync(db)).toBe(false);
  });

  it("the environment's DuckDB settings are what DuckDB runs with", async () => {
    const [{ openDuckDb }, { writerSettings }] = await Promise.all([
      import('../../src/warehouse/duckdb.js'),
      import('../../src/warehouse/sync-duckdb-settings.js'),
    ]);
    const settingsOf = async (env: Record<string, string>) => {
      const db = duckPath();
      const session = await openDuckDb(db, db, { readOnly: false, create: true, writer: writerSettings(env) });
      try {
        const r = await session.query("SELECT current_setting('memory_limit'), current_setting('threads')");
        return r.rows[0];
      } finally {
        await session.close();
      }
    };
    expect(await settingsOf({})).toEqual(['30.5 MiB', '1']); // the sync's 32 MB (10^6 bytes) in MiB
    expect(await settingsOf({ MASG_DUCKDB_MEMORY_LIMIT: '96MiB', MASG_DUCKDB_THREADS: '2' })).toEqual(['96.0 MiB', '2']);
  });

  it('--raw', async () => {
    const run = await h.masg(['--raw', 'xml', 'sync', '--db', duckPath()]);
    expect(run.code).toBe(2);
    expect(h.sent()).toEqual([]);
  });

  it("an account's days in another zone than its first sync's: exit 2, nothing sent", async () => {
    const db = duckPath();
    expect((await h.masg(['sync', '--db', db, '--from', '-2d', '--to', '-2d', ...TZ])).code).toBe(0);
    h.mark();
    const zone = await h.masg(['sync', '--db', db, '--tz', 'Europe/Paris']);
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain(`counts the days of ${h.sandbox.demo.email} in America/New_York; this run would use Europe/Paris`);
    expect(h.sent()).toEqual([]);
  });

  it('a second account joins the warehouse beside the first: its own rows, and the one-account meta rows go', async () => {
    const db = duckPath();
    const day = ['--from', '-2d', '--to', '-2d'];
    expect((await h.masg(['sync', '--db', db, ...day, ...TZ])).code).toBe(0);
    expect(await scalar(h, db, "SELECT value FROM masg_sync_meta WHERE key = 'account'")).toBe(h.sandbox.demo.email);
    const other = await h.masg(['sync', '--db', db, ...day, '--tz', 'Europe/Paris'], {
      env: { MASG_EMAIL: h.sandbox.other.email, MASG_DEVELOPER_KEY: h.sandbox.other.key },
    });
    expect(other.code).toBe(0);
    expect(await scalar(h, db, "SELECT string_agg(account || ' ' || timezone, '|' ORDER BY account) FROM masg_sync_accounts")).toBe(
      `${h.sandbox.demo.email} America/New_York|${h.sandbox.other.email} Europe/Paris`,
    );
    expect(await scalar(h, db, "SELECT count(*) FROM masg_sync_meta WHERE key IN ('account', 'timezone')")).toBe('0');
    expect(await scalar(h, db, 'SELECT count(DISTINCT account) FROM publications')).toBe('2');
  });

  it('no credentials: exit 3, nothing sent, no file', async () => {
    const db = duckPath();
    const run = await h.masg(['sync', '--db', db], {
      env: { MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined, MASG_BASE_URL: undefined },
    });
    expect(run.code).toBe(3);
    expect(existsSync(db)).toBe(false);
    expect(h.sent()).toEqual([]);
  });

  it('a folder under a file: exit 7 naming it, nothing sent', async () => {
    const file = join(tempDir('masg-notdir-'), 'a-file');
    writeFileSync(file, '');
    const run = await h.masg(['sync', '--db', join(file, 'sub', 'stats.duckdb'), '--from', '-2d', ...TZ]);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`cannot write ${join(file, 'sub', 'stats.duckdb')}: the folder ${join(file, 'sub')}`);
    expect(h.sent()).toEqual([]);
  });

  it("a folder that does not exist is never made behind the user's back: exit 7 with a mkdir -p hint, as --out", async () => {
    const dir = join(tempDir('masg-typo-'), 'typo', 'dir');
    for (const env of [{}, { MASG_DB: join(dir, 'w.duckdb') }]) {
      const argv = 'MASG_DB' in env ? ['sync', '--from', '-2d', ...TZ] : ['sync', '--db', join(dir, 'w.duckdb'), '--from', '-2d', ...TZ];
      const run = await h.masg(argv, { env });
      expect(run.code, run.stderr).toBe(7);
      expect(run.stderr).toContain(`the folder ${dir} does not exist`);
      expect(run.stderr).toContain(`mkdir -p ${dir}`);
      expect(existsSync(dirname(dir))).toBe(false);
      expect(h.sent()).toEqual([]);
    }
  });
});

describe('failures part-way', () => {
  it('a request that fails after retries: the days before it are kept and said, exit 6; a re-run completes', async () => {
    const db = duckPath();
    const clean = duckPath('clean.duckdb');
    expect((await h.masg(['sync', '--db', clean, ...RANGE])).code).toBe(0);
    // The 3rd day's publisher report fails every time (503 beyond the retries).
    h.sandbox.setFaults({ next: ['none', 'none', '503', '503', '503', '503', '503'], path: '/publication/statistics' });
    const run = await h.masg(['sync', '--db', db, ...RANGE, '--concurrency', '1', '--retries', '3'], { env: {} });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/2 of 5 days were saved in .* \(through \d{4}-\d\d-\d\d\) before this failure/);
    expect(await scalar(h, db, 'SELECT count(*) FROM masg_sync_days')).toBe('2');
    h.sandbox.setFaults(undefined);
    expect((await h.masg(['sync', '--db', db, ...RANGE])).code).toBe(0);
    expect(await dumpAll(h, db)).toEqual(await dumpAll(h, clean));
  });
});

// The account's zone is a fact masg is told (--tz, MASG_TIMEZONE, the profile, the sandbox) or a
// refusal, never the host's: what needs the account's calendar is exit 3 before any request, and
// --out names the days the requested stamps hold, checked under UTC+14 and UTC-11.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, createClient, fromProfile } from '../../src/index.js';
import { addDays, formatDay } from '../../src/time/civil.js';
import { localDateHour } from '../../src/time/zone.js';
import { runCli } from '../helpers/cli.js';
import { parseCsv, tempDir, useHarness, type Harness } from './harness.js';

let h: Harness;
useHarness((harness) => (h = harness));

const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14
const PAGO_PAGO = 'Pacific/Pago_Pago'; // UTC-11
const WAYS = ['--tz', 'MASG_TIMEZONE', 'masg login --timezone'];

/** `-N` days from today in `tz`, as YYYY-MM-DD. */
const dayIn = (tz: string, offset: number) => formatDay(addDays(localDateHour(tz, new Date()).date, offset));
/** The statistics requests sent since the test began: [start, end] of each. */
const stamps = () => h.sent().map((r) => [r.params.start, r.params.end]);
const stampDay = (stamp: string) => `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;

function expectZoneRefused(run: { code: number; stderr: string; stdout: string }): void {
  expect(run.code, run.stderr).toBe(3);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain("needs the account's time zone, which is not known");
  for (const way of WAYS) expect(run.stderr).toContain(way);
}

describe('without a zone (credentials from the environment, no MASG_TIMEZONE, no --tz)', () => {
  it.each([
    [['--date', 'yesterday']],
    [['--date', 'today']],
    [['--date', '-3d']],
    [['--from', '-7d', '--to', 'yesterday']],
    [['--from', '2024-06-01']], // "up to today"
    [[]], // the default range is today
  ])('pub stats %j is refused with exit 3 before any request', async (dates) => {
    expectZoneRefused(await h.masg(['pub', 'stats', ...dates, '-o', 'csv']));
    expect(h.sent()).toEqual([]);
  });

  it('slot stats and campaign stats too, and --out leaves no file', async () => {
    const dir = tempDir();
    expectZoneRefused(await h.masg(['slot', 'stats', '00000000-0000-0000-0000-000000000000', '--date', 'yesterday']));
    expectZoneRefused(
      await h.masg([
        'campaign',
        'stats',
        '00000000-0000-0000-0000-000000000000',
        '--date',
        'yesterday',
        '--out',
        join(dir, 'c-{date}.csv'),
      ]),
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(h.sent()).toEqual([]);
  });

  it('masg sync is refused with exit 3 before any request, and creates no database', async () => {
    const db = join(tempDir(), 'stats.duckdb');
    expectZoneRefused(await h.masg(['sync', '--db', db, '--from', '2024-06-10', '--to', '2024-06-12']));
    expect(existsSync(db)).toBe(false);
    expect(h.sent()).toEqual([]);
  });

  it('absolute days and hours need no zone', async () => {
    const day = await h.masg(['pub', 'stats', '--date', '2024-06-14', '-o', 'csv']);
    expect(day.code, day.stderr).toBe(0);
    const hours = await h.masg(['pub', 'stats', '--from', '2024-06-14T05', '--to', '2024-06-14T08', '-o', 'csv']);
    expect(hours.code, hours.stderr).toBe(0);
    expect(stamps()).toEqual([
      ['2024061400', '2024061423'],
      ['2024061405', '2024061408'],
    ]);
  });

  it('a profile saved without a zone loads, and the SDK refuses like the CLI (exit 3)', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    const profile = { email: h.sandbox.demo.email, key: h.sandbox.demo.key, baseUrl: h.sandbox.url };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }), { mode: 0o600 });
    const env = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0', HOME: '/nonexistent' };
    const cli = await runCli(['pub', 'stats', '--date', 'yesterday'], { env });
    expectZoneRefused(cli);
    const options = await fromProfile(undefined, { env });
    expect(options).toMatchObject({ timeZoneSource: 'none' });
    expect(options).not.toHaveProperty('timeZone');
    const client = await createClient.fromProfile(undefined, { env });
    try {
      let error: unknown;
      try {
        client.publicationStats({ from: 'yesterday', to: 'yesterday' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).exitCode).toBe(cli.code);
      for (const way of ['MASG_TIMEZONE', 'masg login --timezone']) expect((error as ConfigError).hint).toContain(way);
    } finally {
      await client.close();
    }
    expect(h.sent()).toEqual([]);
  });
});

describe('where the zone comes from: --tz > MASG_TIMEZONE > profile', () => {
  it("MASG_TIMEZONE counts the days; --tz wins over it; the profile's loses to both; fromProfile agrees", async () => {
    const dir = tempDir();
    const login = await runCli(
      ['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'Asia/Tokyo', '--key-stdin', '--no-keyring'],
      { env: { MASG_CONFIG_DIR: dir }, stdin: h.sandbox.demo.key },
    );
    expect(login.code, login.stderr).toBe(0);
    const profileEnv = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' };
    const yesterday = async (env: Record<string, string | undefined>, extra: string[] = []) => {
      h.mark();
      const run = await runCli(['pub', 'stats', '--date', 'yesterday', '-o', 'csv', ...extra], { env });
      expect(run.code, run.stderr).toBe(0);
      return stampDay(stamps()[0][0]);
    };
    expect(await yesterday(profileEnv)).toBe(dayIn('Asia/Tokyo', -1));
    expect(await yesterday({ ...profileEnv, MASG_TIMEZONE: KIRITIMATI })).toBe(dayIn(KIRITIMATI, -1));
    expect(await yesterday({ ...profileEnv, MASG_TIMEZONE: KIRITIMATI }, ['--tz', PAGO_PAGO])).toBe(dayIn(PAGO_PAGO, -1));
    // The harness's environment credentials (cron) with MASG_TIMEZONE alone.
    expect(await yesterday({ ...h.env, MASG_TIMEZONE: PAGO_PAGO })).toBe(dayIn(PAGO_PAGO, -1));

    // The SDK resolves the zone exactly as the CLI: MASG_TIMEZONE over the profile's.
    for (const [env, zone, source] of [
      [profileEnv, 'Asia/Tokyo', 'profile'],
      [{ ...profileEnv, MASG_TIMEZONE: KIRITIMATI }, KIRITIMATI, 'env'],
    ] as const) {
      expect(await fromProfile(undefined, { env })).toMatchObject({ timeZone: zone, timeZoneSource: source });
      const client = await createClient.fromProfile(undefined, { env });
      h.mark();
      await client.publicationStats({ from: 'yesterday', to: 'yesterday' }).toArray();
      await client.close();
      expect(stampDay(stamps()[0][0])).toBe(dayIn(zone, -1));
    }
  });

  it('a bad MASG_TIMEZONE is exit 2 naming it, before any request', async () => {
    const run = await h.masg(['pub', 'stats', '--date', '2024-06-14'], { env: { MASG_TIMEZONE: '+02:00' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('MASG_TIMEZONE');
    expect(h.sent()).toEqual([]);
  });
});

describe("the sandbox carries its account's zone", () => {
  it('--sandbox whoami and pub stats agree on America/New_York', async () => {
    const env = { MASG_CONFIG_DIR: join(tempDir(), 'fresh', 'masg') };
    const who = JSON.parse((await runCli(['--sandbox', 'whoami', '-o', 'json'], { env })).stdout);
    expect(who).toMatchObject({ timezone: 'America/New_York', timezoneSource: 'sandbox' });
    const dry = await runCli(['--sandbox', 'pub', 'stats', '--date', 'yesterday', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    const start = /start=(\d{10})/.exec(dry.stdout)![1];
    expect(stampDay(start)).toBe(dayIn('America/New_York', -1));
  });

  it("--sandbox sync counts its days in the same zone, and MASG_TIMEZONE is the sync's zone from the environment", async () => {
    const env = { MASG_CONFIG_DIR: join(tempDir(), 'masg') };
    const zoneOf = async (db: string) => {
      const run = await runCli(['sql', '--db', db, "SELECT value FROM masg_sync_meta WHERE key = 'timezone'", '-o', 'csv', '--no-header'], {
        env,
      });
      expect(run.code, run.stderr).toBe(0);
      return run.stdout.trim();
    };
    const sandboxDb = join(tempDir(), 'sandbox.duckdb');
    const synced = await runCli(['--sandbox', 'sync', '--db', sandboxDb, '--from', '-2d', '--to', '-2d'], { env });
    expect(synced.code, synced.stderr).toBe(0);
    expect(await zoneOf(sandboxDb)).toBe('America/New_York');
    const cronDb = join(tempDir(), 'cron.duckdb');
    const cron = await h.masg(['sync', '--db', cronDb, '--from', '2024-06-12', '--to', '2024-06-12'], {
      env: { MASG_TIMEZONE: PAGO_PAGO },
    });
    expect(cron.code, cron.stderr).toBe(0);
    expect(await zoneOf(cronDb)).toBe(PAGO_PAGO);
  });

  it('a --sandbox run creates the config folder (and its sandbox folder) 0700', async () => {
    const dir = join(tempDir(), 'nested', 'masg');
    expect((await runCli(['--sandbox', 'whoami'], { env: { MASG_CONFIG_DIR: dir } })).code).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'sandbox')).mode & 0o777).toBe(0o700);
  });

  it('a login into an existing open config folder makes it 0700 before the key is written', async () => {
    const dir = join(tempDir(), 'open');
    await mkdir(dir);
    await chmod(dir, 0o755);
    const login = await runCli(
      ['login', '--email', h.sandbox.demo.email, '--base-url', h.sandbox.url, '--timezone', 'UTC', '--key-stdin', '--no-keyring'],
      { env: { MASG_CONFIG_DIR: dir }, stdin: h.sandbox.demo.key },
    );
    expect(login.code, login.stderr).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});

describe('--out names the days it holds', () => {
  it.each([KIRITIMATI, PAGO_PAGO])('{date}, {from}, {to} under %s are the days of the requested stamps', async (tz) => {
    const dir = tempDir();
    const env = { MASG_TIMEZONE: tz };
    const one = await h.masg(
      ['pub', 'stats', '--date', 'yesterday', '--fields', 'date,publication,impressions', '--out', join(dir, 'masg-{date}.csv')],
      {
        env,
      },
    );
    expect(one.code, one.stderr).toBe(0);
    const [[start, end]] = stamps();
    const day = dayIn(tz, -1);
    expect([stampDay(start), stampDay(end)]).toEqual([day, day]);
    expect(readdirSync(dir)).toEqual([`masg-${day}.csv`]);
    expect(one.stderr).toMatch(new RegExp(`^Wrote \\d+ rows \\(${day}, ${tz}\\) to ${join(dir, `masg-${day}.csv`)}\\.\\n$`));
    // The date column holds the same day on every row.
    const rows = await parseCsv(readFileSync(join(dir, `masg-${day}.csv`), 'utf8'));
    expect(rows[0]).toEqual(['date', 'publication', 'impressions']);
    for (const row of rows.slice(1)) expect(row[0]).toBe(day);

    h.mark();
    const range = await h.masg(['pub', 'stats', '--from', '-3d', '--to', 'yesterday', '--out', join(dir, 'r-{from}_{to}.csv')], { env });
    expect(range.code, range.stderr).toBe(0);
    const [[from, to]] = stamps();
    expect([stampDay(from), stampDay(to)]).toEqual([dayIn(tz, -3), day]);
    expect(existsSync(join(dir, `r-${dayIn(tz, -3)}_${day}.csv`))).toBe(true);
    expect(range.stderr).toContain(`(${dayIn(tz, -3)} to ${day}, ${tz})`);
  });

  it.each([KIRITIMATI, PAGO_PAGO])('--dry-run under %s names the file beside the stamps it would request', async (tz) => {
    const dir = tempDir();
    const run = await h.masg(['pub', 'stats', '--date', 'yesterday', '--dry-run', '--out', join(dir, 'masg-{date}.csv')], {
      env: { MASG_TIMEZONE: tz },
    });
    expect(run.code, run.stderr).toBe(0);
    const [, start, end] = /start=(\d{10})&end=(\d{10})/.exec(run.stdout)!;
    const day = dayIn(tz, -1);
    expect([stampDay(start!), stampDay(end!)]).toEqual([day, day]);
    expect(run.stderr).toContain(`--out would write ${join(dir, `masg-${day}.csv`)} (${day}, ${tz})`);
    expect(readdirSync(dir)).toEqual([]);
    expect(h.sent()).toEqual([]);
  });

  it('the two zones name different days for the same "yesterday" (the trap of the host\'s date)', () => {
    expect(dayIn(KIRITIMATI, -1)).not.toBe(dayIn(PAGO_PAGO, -1));
  });

  it('an unknown placeholder is exit 2 before credentials are read', async () => {
    const dir = tempDir();
    const run = await runCli(['pub', 'stats', '--date', 'yesterday', '--out', join(dir, 'x-{day}.csv')], { env: { MASG_CONFIG_DIR: dir } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('{day} is not a placeholder');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('{date} on a range of several days is exit 2, nothing sent, no file', async () => {
    const dir = tempDir();
    const run = await h.masg(['pub', 'stats', '--from', '2024-06-10', '--to', '2024-06-12', '--out', join(dir, 'x-{date}.csv')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('{date} names one day, and this report covers 2024-06-10 to 2024-06-12');
    expect(readdirSync(dir)).toEqual([]);
    expect(h.sent()).toEqual([]);
  });

  it('{date} on hours of one day is that day', async () => {
    const dir = tempDir();
    const run = await h.masg(['pub', 'stats', '--from', '2024-06-14T05', '--to', '2024-06-14T09', '--out', join(dir, 'x-{date}.csv')]);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['x-2024-06-14.csv']);
    expect(run.stderr).toContain('(2024-06-14T05 to 2024-06-14T09)');
  });
});

describe('--fields date', () => {
  it('works on any one-day report, whatever the interval', async () => {
    const run = await h.masg([
      'pub',
      'stats',
      '--date',
      '2024-06-14',
      '--level',
      'adslot',
      '-o',
      'csv',
      '--fields',
      'date,adslot,impressions',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const rows = await parseCsv(run.stdout);
    expect(rows[0]).toEqual(['date', 'adslot', 'impressions']);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row[0]).toBe('2024-06-14');
  });

  it('on a total over several days is exit 2 saying why, nothing sent', async () => {
    const run = await h.masg(['pub', 'stats', '--from', '2024-06-10', '--to', '2024-06-12', '-o', 'csv', '--fields', 'date,impressions']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fields date: this report covers 2024-06-10 to 2024-06-12');
    expect(h.sent()).toEqual([]);
  });
});

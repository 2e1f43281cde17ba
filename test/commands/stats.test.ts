// Statistics commands against the sandbox over real HTTP: every shape in every format, interval
// splitting (the exact requests), bounded concurrency, exact totals, and atomic --out.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli.js';

// The sandbox's clock: statistics exist for the 90 days before it, none after.
const NOW = new Date('2026-06-15T12:00:00Z');
let sandbox: Sandbox;
let env: Record<string, string>;
let pubId: string;
let slotId: string;
let campaignId: string;

const masg = (...argv: string[]) => runCli(argv, { env });
const csv = (text: string): Array<Record<string, string>> => parseCsv(text, { columns: true });
const statsRequests = () => sandbox.requests.filter((r) => r.path.includes('/statistics'));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => NOW });
  env = {
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    MASG_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'masg-stats-')),
    TZ: 'UTC',
  };
  const slots = csv((await masg('slot', 'list', '-o', 'csv')).stdout);
  slotId = slots[0]!.id!;
  pubId = slots[0]!.publication!;
  // A campaign that ran on the test day (some demo campaigns are over or not started).
  for (const adv of csv((await masg('adv', 'list', '-o', 'csv')).stdout)) {
    for (const c of csv((await masg('campaign', 'list', adv.id!, '-o', 'csv')).stdout)) {
      if (!campaignId && csv((await masg('campaign', 'stats', c.id!, '--date', '2026-06-10', '-o', 'csv')).stdout).length > 0)
        campaignId = c.id!;
    }
  }
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
  sandbox.setFaults(undefined);
});

const DAY = ['--date', '2026-06-10'];

describe('every shape in every format', () => {
  const shapes: Array<[string, () => string[], string[]]> = [
    ['all publications', () => ['pub', 'stats'], ['publication', 'requests', 'impressions', 'clicks', 'earnings', 'currency']],
    [
      'all, by country',
      () => ['pub', 'stats', '--by-country'],
      ['publication', 'country', 'requests', 'impressions', 'clicks', 'earnings', 'currency'],
    ],
    [
      'all, per ad slot',
      () => ['pub', 'stats', '--level', 'adslot'],
      ['publication', 'adslot', 'requests', 'impressions', 'clicks', 'earnings', 'currency'],
    ],
    [
      'all, per ad slot and country',
      () => ['pub', 'stats', '--level', 'adslot', '--by-country'],
      ['publication', 'adslot', 'country', 'requests', 'impressions', 'clicks', 'earnings', 'currency'],
    ],
    ['one publication', () => ['pub', 'stats', pubId], ['publication', 'requests', 'impressions', 'clicks', 'earnings', 'currency']],
    [
      'one publication per slot and country',
      () => ['pub', 'stats', pubId, '--level', 'adslot', '--by-country'],
      ['publication', 'adslot', 'country', 'requests', 'impressions', 'clicks', 'earnings', 'currency'],
    ],
    ['one ad slot', () => ['slot', 'stats', slotId], ['adslot', 'requests', 'impressions', 'clicks', 'earnings', 'currency']],
    [
      'one ad slot by country',
      () => ['slot', 'stats', slotId, '--by-country'],
      ['adslot', 'country', 'requests', 'impressions', 'clicks', 'earnings', 'currency'],
    ],
    [
      'a campaign',
      () => ['campaign', 'stats', campaignId],
      ['campaign', 'impressions', 'clicks', 'conversions', 'conversionsPercent', 'ctr', 'ecpm', 'costPerConversion', 'spend', 'currency'],
    ],
  ];

  it.each(shapes)('%s', async (_name, args, header) => {
    const asCsv = await masg(...args(), ...DAY, '-o', 'csv');
    expect(asCsv.code, asCsv.stderr).toBe(0);
    expect(asCsv.stdout.split('\n')[0]).toBe(header.join(','));
    const rows = csv(asCsv.stdout);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.currency).toBe('USD');

    const asTsv = await masg(...args(), ...DAY, '-o', 'tsv');
    expect(
      asTsv.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t')),
    ).toEqual([header, ...rows.map((r) => header.map((h) => r[h]))]);

    const asJson = JSON.parse((await masg(...args(), ...DAY, '-o', 'json')).stdout) as Array<Record<string, unknown>>;
    const ndjson = (await masg(...args(), ...DAY, '-o', 'ndjson')).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ndjson).toEqual(asJson);
    expect(asJson).toHaveLength(rows.length);
    // Figures as strings (docs/output.md#json-types), the same digits as the CSV.
    const first = asJson[0]!;
    expect(first.impressions).toBe(rows[0]!.impressions);

    const table = await runCli([...args(), ...DAY, '--color', 'never'], { env, tty: true });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ Total\s+│/);
    // One request for a total, always a 10-digit stamp pair covering the whole day.
    expect(statsRequests().map((r) => [r.params.start, r.params.end])).toEqual(Array(5).fill(['2026061000', '2026061023']));
  });
});

describe('intervals', () => {
  it('sends one request per day with whole-day stamps, and a day row for each', async () => {
    const run = await masg('pub', 'stats', pubId, '--from', '2026-05-30', '--to', '2026-06-02', '--interval', 'day', '-o', 'csv');
    expect(run.code, run.stderr).toBe(0);
    expect(
      statsRequests()
        .map((r) => `${r.params.start}-${r.params.end}`)
        .sort(),
    ).toEqual(['2026053000-2026053023', '2026053100-2026053123', '2026060100-2026060123', '2026060200-2026060223']);
    expect(csv(run.stdout).map((r) => r.date)).toEqual(['2026-05-30', '2026-05-31', '2026-06-01', '2026-06-02']);
  });

  it('sends one request per hour, partial days included', async () => {
    const run = await masg('slot', 'stats', slotId, '--from', '2026-06-10T22', '--to', '2026061001', '--interval', 'hour', '-o', 'csv');
    expect(run.code, run.stderr).toBe(2); // reversed: refused before sending
    expect(statsRequests()).toHaveLength(0);
    const ok = await masg('slot', 'stats', slotId, '--from', '2026-06-10T22', '--to', '2026061101', '--interval', 'hour', '-o', 'csv');
    expect(ok.code, ok.stderr).toBe(0);
    expect(
      statsRequests()
        .map((r) => r.params.start)
        .sort(),
    ).toEqual(['2026061022', '2026061023', '2026061100', '2026061101']);
    expect(statsRequests().every((r) => r.params.start === r.params.end)).toBe(true);
    expect(csv(ok.stdout).map((r) => r.hour)).toEqual(['2026-06-10T22', '2026-06-10T23', '2026-06-11T00', '2026-06-11T01']);
  });

  it('gives zero rows for days without traffic', async () => {
    // Long before the demo data begins (90 days before the sandbox clock).
    const run = await masg('campaign', 'stats', campaignId, '--from', '2025-01-01', '--to', '2025-01-03', '--interval', 'day', '-o', 'csv');
    expect(run.code, run.stderr).toBe(0);
    expect(csv(run.stdout)).toEqual(
      ['2025-01-01', '2025-01-02', '2025-01-03'].map((date) => ({
        date,
        campaign: campaignId,
        impressions: '0',
        clicks: '0',
        conversions: '0',
        conversionsPercent: '',
        ctr: '',
        ecpm: '',
        costPerConversion: '',
        spend: '0.00',
        currency: 'USD',
      })),
    );
  });

  it('a range equals the sum of its days, exactly', async () => {
    const total = csv((await masg('pub', 'stats', '--from', '2026-06-01', '--to', '2026-06-07', '-o', 'csv')).stdout);
    const days = csv((await masg('pub', 'stats', '--from', '2026-06-01', '--to', '2026-06-07', '--interval', 'day', '-o', 'csv')).stdout);
    for (const pub of total) {
      const mine = days.filter((d) => d.publication === pub.publication);
      for (const key of ['requests', 'impressions', 'clicks'] as const) {
        expect(String(mine.reduce((a, d) => a + BigInt(d[key]!), 0n))).toBe(pub[key]);
      }
      expect(cents(mine.map((d) => d.earnings!))).toBe(toCents(pub.earnings!));
    }
  });

  it('never has more requests in flight than --concurrency', async () => {
    sandbox.setFaults({ latencyMs: 40 });
    const proxy = await countingProxy(new URL(sandbox.url));
    try {
      const run = await runCli(
        ['pub', 'stats', '--from', '2026-06-01', '--to', '2026-06-08', '--interval', 'day', '--concurrency', '3', '-o', 'csv'],
        {
          env: { ...env, MASG_BASE_URL: proxy.url },
        },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(proxy.total).toBe(8);
      expect(proxy.max).toBe(3);
    } finally {
      await proxy.close();
    }
  });

  it('--dry-run lists every request of the split and sends none', async () => {
    const run = await masg('pub', 'stats', '--from', '2026-06-01', '--to', '2026-06-03', '--interval', 'day', '--dry-run');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/^GET .*\/publication\/statistics\.xml\?/gm)).toHaveLength(3);
    expect(run.stdout).not.toContain(sandbox.demo.key);
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('totals', () => {
  it('sums counts and money exactly in the table', async () => {
    const rows = csv((await masg('pub', 'stats', '--level', 'adslot', '--by-country', ...DAY, '-o', 'csv')).stdout);
    const table = await runCli(['pub', 'stats', '--level', 'adslot', '--by-country', ...DAY, '--color', 'never'], {
      env,
      tty: true,
      columns: 250,
    });
    const totalLine = table.stdout.split('\n').find((l) => l.startsWith('│ Total'))!;
    const cells = totalLine
      .split('│')
      .map((c) => c.trim())
      .filter((c, i, all) => i > 0 && i < all.length - 1);
    const sum = (key: string) => String(rows.reduce((a, r) => a + BigInt(r[key]!), 0n));
    // publication, its name, adslot, its name, country: then the figures.
    expect(cells.slice(5)).toEqual([
      sum('requests'),
      sum('impressions'),
      sum('clicks'),
      formatCents(cents(rows.map((r) => r.earnings!))),
      'USD',
    ]);
  });
});

describe('--out', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'masg-out-'));
  });
  const files = () => readdirSync(dir).sort();

  it('writes the file atomically, with the header even for zero rows', async () => {
    const out = join(dir, 'empty.csv');
    const run = await masg('slot', 'stats', slotId, '--date', '2025-01-01', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe('adslot,requests,impressions,clicks,earnings,currency\n');
    expect(files()).toEqual(['empty.csv']);
  });

  it('takes the format from the extension', async () => {
    const out = join(dir, 'day.json');
    expect((await masg('pub', 'stats', ...DAY, '--out', out)).code).toBe(0);
    expect(Array.isArray(JSON.parse(readFileSync(out, 'utf8')))).toBe(true);
  });

  it('leaves the previous file untouched and no temporary file when a request fails mid-export', async () => {
    const out = join(dir, 'export.csv');
    writeFileSync(out, 'previous export\n');
    // Two days answer, then the proxy keeps failing: more 502s than one retry can get past.
    sandbox.setFaults({ path: '/statistics', next: ['none', 'none', '502', '502', '502', '502'] });
    const run = await masg(
      'pub',
      'stats',
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-05',
      '--interval',
      'day',
      '--concurrency',
      '1',
      '--retries',
      '1',
      '--out',
      out,
    );
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/502/);
    expect(readFileSync(out, 'utf8')).toBe('previous export\n');
    expect(files()).toEqual(['export.csv']);
  });

  it('a daily export whose third day is cut mid-body: the whole file is fetched again, and equals a clean run', async () => {
    const args = [
      'pub',
      'stats',
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-05',
      '--interval',
      'day',
      '--concurrency',
      '1',
      '--level',
      'adslot',
      '--by-country',
    ];
    const clean = join(dir, 'clean.csv');
    expect((await masg(...args, '--out', clean)).code).toBe(0);
    const before = statsRequests().length;
    const out = join(dir, 'export.csv');
    writeFileSync(out, 'previous export\n');
    sandbox.setFaults({ path: '/statistics', next: ['none', 'none', 'truncate'] });
    const run = await masg(...args, '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/stream broke before it ended; writing .*export\.csv again from the start/);
    // Three requests up to the cut, then all five days again from scratch.
    expect(statsRequests().length - before).toBe(3 + 5);
    expect(readFileSync(out)).toEqual(readFileSync(clean));
    expect(files()).toEqual(['clean.csv', 'export.csv']);
  });

  it('restarts stay within --deadline: a stream cut on every attempt gives up by then (exit 6)', async () => {
    const out = join(dir, 'export.csv');
    writeFileSync(out, 'previous export\n');
    sandbox.setFaults({ path: '/statistics', latencyMs: 300, next: Array(11).fill('truncate') });
    const before = statsRequests().length;
    const run = await masg('pub', 'stats', ...DAY, '--level', 'adslot', '--by-country', '--retries', '10', '--deadline', '1', '--out', out);
    expect(run.code).toBe(6);
    // Counted, not timed: without the deadline all 11 attempts would have gone out.
    const attempts = statsRequests().length - before;
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeLessThanOrEqual(4);
    expect(readFileSync(out, 'utf8')).toBe('previous export\n');
    expect(files()).toEqual(['export.csv']);
  });

  it('leaves the previous file untouched when interrupted (exit 130)', async () => {
    const out = join(dir, 'export.csv');
    writeFileSync(out, 'previous export\n');
    sandbox.setFaults({ latencyMs: 150 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 250);
    const run = await runCli(
      ['pub', 'stats', '--from', '2026-06-01', '--to', '2026-06-10', '--interval', 'day', '--concurrency', '1', '--out', out],
      {
        env,
        signal: controller.signal,
      },
    );
    expect(run.code).toBe(130);
    expect(readFileSync(out, 'utf8')).toBe('previous export\n');
    expect(files()).toEqual(['export.csv']);
  });

  it.each([
    ['pub stats', () => ['pub', 'stats']],
    ['slot stats', () => ['slot', 'stats', slotId]],
    ['campaign stats', () => ['campaign', 'stats', campaignId]],
  ])('%s --raw --out FILE: the body as received, in FILE named by its {date}, nothing on stdout', async (_, command) => {
    const printed = await masg(...command(), ...DAY, '--raw');
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/^<\?xml/);
    const run = await masg(...command(), ...DAY, '--raw', '--out', join(dir, 'raw-{date}.xml'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`to ${join(dir, 'raw-2026-06-10.xml')}.`);
    expect(readFileSync(join(dir, 'raw-2026-06-10.xml'), 'utf8')).toBe(printed.stdout);
    expect(files()).toEqual(['raw-2026-06-10.xml']);
  });

  it('--raw --out FILE: a failed request leaves the earlier FILE untouched and no temporary file', async () => {
    const out = join(dir, 'raw.xml');
    writeFileSync(out, 'previous body\n');
    sandbox.setFaults({ path: '/statistics', next: ['502', '502'] });
    const run = await masg('pub', 'stats', ...DAY, '--raw', '--retries', '1', '--out', out);
    expect(run.code).toBe(6);
    expect(readFileSync(out, 'utf8')).toBe('previous body\n');
    expect(files()).toEqual(['raw.xml']);
  });

  it('refuses a folder that does not exist before sending anything: a file problem, exit 7', async () => {
    const run = await masg('pub', 'stats', ...DAY, '--out', join(dir, 'missing', 'x.csv'));
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`--out: cannot write ${join(dir, 'missing', 'x.csv')}: the folder ${join(dir, 'missing')} does not exist`);
    expect(statsRequests()).toHaveLength(0);
  });

  it('refuses an --out that is a folder before sending anything (not an internal error at the rename)', async () => {
    const run = await masg('pub', 'stats', ...DAY, '--out', dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--out: ${dir} is a folder`);
    expect(run.stderr).not.toContain('internal error');
    expect(statsRequests()).toHaveLength(0);
    expect(files()).toEqual([]);
  });
});

describe('refused before sending (exit 2)', () => {
  it.each([
    [['--date', '2026-02-29'], '--date'],
    [['--from', '2026-06-03', '--to', '2026-06-01'], '--from'],
    [['--from', '20260601'], '--from'],
    [['--date', 'today', '--from', 'yesterday'], '--date'],
    [['--tz', 'Mars/Olympus', '--date', 'today'], '--tz'],
    [['--interval', 'week', ...DAY], '--interval'],
    [['--level', 'country', ...DAY], '--level'],
    [['--concurrency', '0', ...DAY], '--concurrency'],
  ])('%j', async (args, field) => {
    const run = await masg('pub', 'stats', ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(field);
    expect(sandbox.requests).toHaveLength(0);
  });
});

// Money as integer cents, so the test's own arithmetic is exact too.
function toCents(amount: string): bigint {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
}
function cents(amounts: string[]): bigint {
  return amounts.reduce((a, s) => a + toCents(s), 0n);
}
function formatCents(c: bigint): string {
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
}

/** A pass-through proxy that counts requests in flight, to measure concurrency from outside. */
async function countingProxy(target: URL): Promise<{ url: string; max: number; total: number; close(): Promise<void> }> {
  const state = { inFlight: 0, max: 0, total: 0 };
  const server: Server = createServer((req, res) => {
    state.inFlight++;
    state.total++;
    state.max = Math.max(state.max, state.inFlight);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('end', () => state.inFlight--);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get max() {
      return state.max;
    },
    get total() {
      return state.total;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('--sandbox', () => {
  it("resolves today in the demo account's time zone, as a profile's zone would be", async () => {
    const run = await runCli(['--sandbox', 'pub', 'stats', '--date', 'today', '--dry-run'], {
      env: { MASG_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'masg-sbtz-')) },
    });
    expect(run.code, run.stderr).toBe(0);
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const day = parts.replaceAll('-', '');
    // Up to the current hour there (a range stops at now), checked loosely: the hour may turn mid-test.
    expect(run.stdout).toMatch(new RegExp(`start=${day}00&end=${day}\\d\\d`));
  });
});

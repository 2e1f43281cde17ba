// masg pulse against the sandbox over real HTTP: the findings its faults cause (and only
// those), exit 0 / 9, totals equal to `pub stats`, the requests it sends, and the rules file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DecimalSum } from '../../src/core/decimal.js';
import { canMount, fill, readOnlyDir, tmpfs } from '../helpers/fs-faults.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';
import type { Finding } from '../../src/pulse/types.js';

let h: PulseHarness;
beforeAll(async () => {
  h = await startPulseHarness();
}, 30_000);
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

const statsRequests = (h: PulseHarness) => h.sent().filter((r) => r.path.includes('/statistics'));
const pick = (findings: Finding[], kind: string, id: string | null) => findings.filter((f) => f.kind === kind && f.id === id);

describe('on an ordinary day', () => {
  test('no outage, no alert: exit 0, and the figures are there', async () => {
    const { run, report } = await h.pulse();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(report.date).toBe(DAY);
    expect(report.baselineDays).toBe(7);
    expect(report.findings.filter((f) => f.kind === 'outage')).toEqual([]);
    expect(report.findings.filter((f) => f.severity === 'alert')).toEqual([]);
    expect(report.publisher.daily.map((d) => d.date)).toEqual([
      '2024-06-07',
      '2024-06-08',
      '2024-06-09',
      '2024-06-10',
      '2024-06-11',
      '2024-06-12',
      '2024-06-13',
      DAY,
    ]);
    // A Friday is compared with the weekdays before it, not with the quieter weekend.
    expect(report.comparedDays).toEqual(['2024-06-07', '2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13']);
    expect(report.campaigns.map((c) => c.name)).toEqual(['Spring Sale']);
    expect(report.publications.map((p) => p.name)).toContain('Café Olé Mobile');
  });

  test("the day's totals equal `pub stats` for that day, to the cent", async () => {
    const { report } = await h.pulse();
    const stats = await h.masg(['pub', 'stats', '--date', DAY, '-o', 'json']);
    expect(stats.code).toBe(0);
    const rows = JSON.parse(stats.stdout) as Array<Record<string, string | number>>;
    const total = (key: string, integer: boolean) => {
      const sum = new DecimalSum(integer ? { integer } : { minScale: 2 });
      for (const r of rows) sum.add(String(r[key]));
      return sum.value();
    };
    expect(report.publisher.requests).toBe(total('requests', true));
    expect(report.publisher.impressions).toBe(total('impressions', true));
    expect(report.publisher.clicks).toBe(total('clicks', true));
    expect(report.publisher.earnings).toBe(total('earnings', false));
    expect(report.publisher.daily.at(-1)!.earnings).toBe(total('earnings', false));
  });

  test('live: one ad slot report per day and one campaign report per day, nothing at a finer grain', async () => {
    h.mark();
    const { run } = await h.pulse(['--baseline', '3']);
    expect(run.code).toBe(0);
    const stats = statsRequests(h);
    const publisher = stats.filter((r) => r.path.startsWith('/publication/statistics'));
    expect(publisher.map((r) => [r.params.start, r.params.end, r.params.level])).toEqual(
      expect.arrayContaining(['2024061100', '2024061200', '2024061300', '2024061400'].map((s) => [s, `${s.slice(0, 8)}23`, 'adslot'])),
    );
    expect(publisher).toHaveLength(4);
    expect(publisher.every((r) => r.params.bycountry !== 'true')).toBe(true);
    // Spring Sale is the one campaign that served in the range: 4 days, and once since its start (pacing).
    const campaign = stats.filter((r) => r.path.startsWith('/campaign/'));
    expect(campaign).toHaveLength(5);
    expect(stats).toHaveLength(9);
  });
});

describe('with the sandbox faults on the day', () => {
  beforeAll(async () => {
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
    await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.4 });
    await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
  });
  afterAll(async () => {
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY, factor: 1 });
    await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 1 });
    await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 1 });
  });

  test('each kind fires on the right entity, with its name; exit 9', async () => {
    const { run, report } = await h.pulse();
    expect(run.code).toBe(9);
    expect(run.stderr).toMatch(/alerts? on 2024-06-14 \(exit 9\)/);

    const [outage] = pick(report.findings, 'outage', h.ids.slot);
    expect(outage).toMatchObject({ severity: 'alert', entity: 'adslot', name: 'Header banner', metric: 'requests', value: '0' });
    expect(outage.message).toContain('"Café Olé Mobile"');
    expect(report.findings.filter((f) => f.kind === 'outage')).toHaveLength(1);

    const drops = pick(report.findings, 'drop', h.ids.publication);
    expect(drops.map((f) => [f.severity, f.entity, f.name, f.metric])).toEqual([['alert', 'publication', 'Weather 😀 Now', 'earnings']]);
    expect(Number(drops[0].value)).toBeLessThan(Number(drops[0].baseline) * 0.5);

    const budget = pick(report.findings, 'budget', h.ids.campaign);
    expect(budget).toHaveLength(1);
    expect(budget[0]).toMatchObject({ severity: 'alert', entity: 'campaign', name: 'Spring Sale', metric: 'spend', baseline: '1000.00' });
    expect(Number(budget[0].value)).toBeGreaterThan(1100);
    // Alerts come first.
    expect(report.findings.findIndex((f) => f.severity === 'watch')).not.toBeLessThan(
      report.findings.filter((f) => f.severity === 'alert').length,
    );
  });

  test('the movers name the slot that stopped and the publication that dropped', async () => {
    const { report } = await h.pulse();
    const down = report.movers.down.map((m) => m.name);
    expect(down).toEqual(expect.arrayContaining(['Weather 😀 Now']));
    expect(report.movers.down.every((m) => m.delta.startsWith('-'))).toBe(true);
  });

  test('the terminal screen: findings first, alerts in colour, headline with change and trend, movers; 80 columns', async () => {
    const run = await h.masg(['pulse', '--date', DAY, '--color', 'always'], { tty: true, columns: 80 });
    expect(run.code).toBe(9);
    const plain = run.stdout.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
    const lines = plain.trimEnd().split('\n');
    // One screen: 30 lines, and the lines a long finding or the header wraps onto (they are never cut).
    const wrapped = lines.filter((l) => /^ {2,}\S/.test(l) || /^the \d+ days before$/.test(l)).length;
    expect(lines.length - wrapped).toBeLessThanOrEqual(30);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(plain).not.toMatch(/\d…/);
    expect(plain.indexOf('Findings')).toBeLessThan(plain.indexOf('Earnings USD'));
    expect(plain.indexOf('Earnings USD')).toBeLessThan(plain.indexOf('Movers'));
    expect(plain).toMatch(/ALERT outage Ad slot "Header banner": requests 0, baseline [\d,]+/);
    expect(plain).toMatch(/ALERT budget Campaign "Spring Sale": spend [\d,.]+, daily budget 1,000.00/);
    expect(run.stdout).toContain('\x1b[31m\x1b[1mALERT'); // red, bold
    expect(plain).toMatch(/Earnings USD +[\d,.]+ +[\d,.]+ +[-+][\d.]+ % +[▁▂▃▄▅▆▇█]{7}/);
    // The progress line of the requests ("requests 3/17") belongs to stderr, never to stdout.
    expect(plain).not.toMatch(/requests \d+\/\d+/);
  });

  test('--rules: ignored entities and raised thresholds silence findings; minimum volumes apply', async () => {
    const dir = tempDir();
    const rules = join(dir, 'rules.json');
    writeFileSync(rules, JSON.stringify({ ignore: ['Header banner', h.ids.campaign], drop: { watch: 90, alert: 95 } }));
    const { run, report } = await h.pulse(['--rules', rules]);
    expect(run.code).toBe(0);
    expect(report.findings.filter((f) => f.id === h.ids.slot || f.id === h.ids.campaign)).toEqual([]);
    expect(report.findings.filter((f) => f.kind === 'drop')).toEqual([]);
    writeFileSync(rules, JSON.stringify({ minVolume: { earnings: 1e6 } }));
    const big = await h.pulse(['--rules', rules]);
    expect(big.report.findings.filter((f) => f.kind === 'drop' && f.metric === 'earnings')).toEqual([]);
  });
});

describe('refused before anything is sent (exit 2)', () => {
  const cases: Array<[string, string[], RegExp, string?]> = [
    ['a baseline of 0 days', ['--baseline', '0'], /--baseline: "0"/],
    ['a baseline that is not a number', ['--baseline', '7d'], /--baseline: "7d"/],
    ['a day that is an hour', ['--date', '2024-06-14T10'], /--date/],
    ['a date that is not one', ['--date', '2024-02-30'], /February 2024 has 29 days/],
    ['-o csv', ['-o', 'csv'], /-o csv: masg pulse prints a screen/],
    ['--dry-run', ['--dry-run'], /--dry-run/],
    ['a rules file that is not JSON', ['--rules', 'RULES'], /--rules: the file: is not JSON/, '{oops'],
    ['an unknown rule', ['--rules', 'RULES'], /--rules: drop.alarm: is not a rule/, '{"drop":{"alarm":3}}'],
    [
      'alert below watch',
      ['--rules', 'RULES'],
      /drop.alert: must be at least drop.watch \(20\), not 10/,
      '{"drop":{"watch":20,"alert":10}}',
    ],
    ['a negative volume', ['--rules', 'RULES'], /minVolume.spend: must be a number/, '{"minVolume":{"spend":-1}}'],
  ];
  test.each(cases)('%s', async (_, argv, message, rulesText) => {
    const args = [...argv];
    if (rulesText !== undefined) {
      const file = join(tempDir(), 'rules.json');
      writeFileSync(file, rulesText);
      args[args.indexOf('RULES')] = file;
    }
    h.mark();
    const run = await h.masg(['pulse', '--date', DAY, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
    expect(h.sent()).toEqual([]);
  });
});

describe('a rules file that cannot be read is a file problem', () => {
  test('missing: exit 7 naming the file and the cause, nothing sent', async () => {
    h.mark();
    const run = await h.masg(['pulse', '--date', DAY, '--rules', '/nonexistent/rules.json']);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain('--rules: Cannot read /nonexistent/rules.json: no such file (ENOENT).');
    expect(run.stdout).toBe('');
    expect(h.sent()).toEqual([]);
  });
});

describe('errors keep their own exit codes', () => {
  test('the service failing mid-way: 6, nothing on stdout, no --html file and no temporary file left', async () => {
    const dir = tempDir();
    const page = join(dir, 'pulse.html');
    h.sandbox.setFaults({ path: '/campaign/', next: ['500', '500', '500', '500', '500', '500', '500', '500'] });
    try {
      const run = await h.masg(['pulse', '--date', DAY, '--html', page, '--retries', '0']);
      expect(run.code).toBe(6);
      expect(run.stdout).toBe('');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      h.sandbox.setFaults(undefined);
    }
  });

  test('wrong developer key: 4', async () => {
    const run = await h.masg(['pulse', '--date', DAY], { env: { MASG_DEVELOPER_KEY: 'wrong-key-123456' } });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
  });

  test('no credentials: 3, nothing sent', async () => {
    h.mark();
    const run = await h.masg(['pulse', '--date', DAY], { env: { MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined } });
    expect(run.code).toBe(3);
    expect(h.sent()).toEqual([]);
  });

  test("the account's zone unknown: yesterday is refused (3, nothing sent), a YYYY-MM-DD day works as in pub stats", async () => {
    h.mark();
    const refused = await h.masg(['pulse'], { env: { MASG_TIMEZONE: undefined } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/time zone/);
    expect(h.sent()).toEqual([]);
    const { run, report } = await h.pulse([], { env: { MASG_TIMEZONE: undefined } });
    expect(report.findings.filter((f) => f.severity === 'alert').map((f) => f.message)).toEqual([]);
    expect(run.code).toBe(0);
    expect(report.timeZone).toBeNull();
    expect(report.publisher).toEqual((await h.pulse()).report.publisher);
  });

  test.skipIf(!canMount)('an --html file on a read-only disk: 7, before anything is sent', async () => {
    const mount = readOnlyDir();
    try {
      h.mark();
      const page = join(mount.dir, 'pulse.html');
      const run = await h.masg(['pulse', '--date', DAY, '--html', page]);
      expect(run.code).toBe(7);
      expect(run.stderr).toContain(page);
      expect(h.sent()).toEqual([]);
    } finally {
      mount.remove();
    }
  });

  test.skipIf(!canMount)('a full disk while the page is written: 7, the earlier page unchanged, no temporary file', async () => {
    const mount = tmpfs(64);
    try {
      const page = join(mount.dir, 'pulse.html');
      writeFileSync(page, 'EARLIER PAGE');
      fill(join(mount.dir, 'filler'));
      const run = await h.masg(['pulse', '--date', DAY, '--html', page]);
      expect(run.code).toBe(7);
      expect(run.stderr).toContain(page);
      expect(run.stdout).toBe('');
      expect(readFileSync(page, 'utf8')).toBe('EARLIER PAGE');
      expect(readdirSync(mount.dir).sort()).toEqual(['filler', 'pulse.html']);
    } finally {
      mount.remove();
    }
  });

  test('an --html folder that does not exist: 7 (a file problem), before anything is sent', async () => {
    h.mark();
    const run = await h.masg(['pulse', '--date', DAY, '--html', '/nonexistent-dir/pulse.html']);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain('/nonexistent-dir');
    expect(h.sent()).toEqual([]);
  });
});

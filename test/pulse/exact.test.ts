// Issue 25 #7 and #12: no figure is made up. A value the pulse cannot read exactly is refused as
// `masg sync` refuses it (exit 6, naming the field, the entity and the day), never counted as 0;
// every share and threshold is decided on exact decimals, never through a float.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analysePulse, DEFAULT_RULES, type PulseInput } from '../../src/index.js';
import { NetworkError } from '../../src/core/errors.js';
import { baselineDates } from '../../src/pulse/days.js';
import { minActiveDays } from '../../src/pulse/findings.js';
import { removeTempDirs } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';

const row = (date: string, requests: string, over: Record<string, string> = {}) => ({
  date,
  publication: 'p1',
  adslot: 's1',
  requests,
  impressions: '8000',
  clicks: '100',
  earnings: '20.00',
  ...over,
});

function input(baselineDays: number, requestsOn: (date: string, i: number) => string, today = '0'): PulseInput {
  return {
    date: DAY,
    baselineDays,
    publisher: [...baselineDates(DAY, baselineDays).map((d, i) => row(d, requestsOn(d, i))), row(DAY, today)],
    campaignStats: [],
    publications: [{ id: 'p1', name: 'Pub One', status: 'ACTIVE' }],
    adslots: [{ id: 's1', name: 'Slot One', publication: 'p1' }],
    campaigns: [],
  };
}

describe('outage.minShare × baseline days, exactly (#12)', () => {
  test('every two-decimal share 0.01..0.99 × every baseline of 1..90 days (the range of --baseline) asks for ⌈share × days⌉ as integer arithmetic does', () => {
    const floatWrong: Array<[number, number]> = [];
    for (let hundredths = 1; hundredths <= 99; hundredths++) {
      for (let days = 1; days <= 90; days++) {
        const exact = Math.floor((hundredths * days + 99) / 100); // ⌈h·d / 100⌉ in integers
        expect(minActiveDays(hundredths / 100, days), `${hundredths / 100} × ${days}`).toBe(exact);
        if (Math.ceil((hundredths / 100) * days) !== exact) floatWrong.push([hundredths, days]);
      }
    }
    // The class the float got wrong: 0.56 × 25 among them (14.000000000000002 → 15).
    expect(floatWrong).toEqual([
      [14, 50],
      [28, 25],
      [28, 50],
      [28, 75],
      [56, 25],
      [56, 50],
      [56, 75],
      [68, 75],
    ]);
  });

  test('end to end: for each pair the float got wrong, an outage with exactly ⌈share × days⌉ active days is found, one fewer is not', () => {
    let pairs = 0;
    for (let hundredths = 1; hundredths <= 99; hundredths++) {
      for (let days = 1; days <= 90; days++) {
        const need = Math.floor((hundredths * days + 99) / 100);
        if (Math.ceil((hundredths / 100) * days) === need) continue;
        pairs++;
        const rules = { ...DEFAULT_RULES, outage: { minShare: hundredths / 100, minRequests: 0 } };
        const outages = (active: number) =>
          analysePulse(
            input(days, (_, i) => (i < active ? '5000' : '0')),
            rules,
          ).findings.filter((f) => f.kind === 'outage');
        expect(outages(need), `${hundredths / 100} × ${days}: ${need} days`).toHaveLength(1);
        expect(outages(need - 1), `${hundredths / 100} × ${days}: ${need - 1} days`).toEqual([]);
      }
    }
    expect(pairs).toBe(8);
  });

  test('a share written with an exponent (1e-7) is that share, not 0', () => {
    expect(minActiveDays(1e-7, 7)).toBe(1);
    expect(minActiveDays(0, 7)).toBe(0);
  });
});

describe('thresholds on exact figures, not on the rounded change (#12)', () => {
  const steady = (today: string) => input(7, () => '10000', today);
  const severity = (today: string) =>
    analysePulse(steady(today)).findings.find((f) => f.kind === 'drop' && f.entity === 'publication' && f.metric === 'requests')?.severity;

  test('39.96 % down is a watch (it shows as -40.0 %), 40 % exactly is an alert', () => {
    expect(severity('6004')).toBe('watch');
    expect(severity('6000')).toBe('alert');
    expect(severity('5999')).toBe('alert');
  });

  const campaign = {
    id: 'c1',
    name: 'Camp',
    status: 'ACTIVE',
    startDate: '2024-05-01T00:00',
    endDate: '2024-06-30T23:59',
    dailyBudget: '1000.00',
    overallBudget: '10000.00',
    budgetType: 'MONETARY',
  };
  const spend = (today: string, base = '80.00') => [
    ...baselineDates(DAY, 7).map((date) => ({ date, campaign: 'c1', impressions: '1000', clicks: '10', conversions: '1', spend: base })),
    { date: DAY, campaign: 'c1', impressions: '1000', clicks: '10', conversions: '1', spend: today },
  ];
  const budget = (over: Partial<PulseInput>) =>
    analysePulse({ ...input(7, () => '10000', '10000'), ...over }).findings.filter((f) => f.kind === 'budget');

  test('9.996 % over the daily budget is a watch (it shows as 10.0 %), 10 % an alert', () => {
    expect(budget({ campaigns: [campaign], campaignStats: spend('1099.96') })[0]).toMatchObject({ severity: 'watch', budget: 'daily' });
    expect(budget({ campaigns: [campaign], campaignStats: spend('1100.00') })[0]).toMatchObject({ severity: 'alert', budget: 'daily' });
  });

  test('a rest that lasts 15.999 days at the pace lasts 15 whole days, not 16: the overall budget runs out before the end', () => {
    // 80.00 a day; 16 days to 2024-06-30; 10,000.00 − 8,720.08 = 1,279.92 = 15.999 days.
    const found = budget({ campaigns: [{ ...campaign, spentToDate: '8720.08' }], campaignStats: spend('80.00') });
    expect(found).toEqual([expect.objectContaining({ severity: 'watch', budget: 'overall', value: '8720.08', baseline: '10000.00' })]);
    expect(budget({ campaigns: [{ ...campaign, spentToDate: '8720.00' }], campaignStats: spend('80.00') })).toEqual([]);
  });
});

describe('a value the pulse cannot read is refused, as sync refuses it (#7)', () => {
  test.each([
    ['requests', '13,098', 'a whole number'],
    ['impressions', '1e3', 'a whole number'],
    ['clicks', '-1', 'a whole number'],
    ['earnings', '12.345', 'an amount with at most two decimals'],
    ['earnings', '∞', 'an amount with at most two decimals'],
  ])('%s = %j: NetworkError (exit 6) naming the field, the entity and the day', (field, value, what) => {
    const rows = input(7, () => '10000', '10000');
    rows.publisher = rows.publisher.map((r) => (r.date === '2024-06-11' ? { ...r, [field]: value } : r));
    let error: unknown;
    try {
      analysePulse(rows);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).exitCode).toBe(6);
    expect((error as Error).message).toBe(
      `The service sent ${JSON.stringify(value)} as ${field}, which should be ${what} ` +
        `(publication "Pub One" (p1), ad slot "Slot One" (s1), 2024-06-11): the pulse counts exact values only and cannot read it.`,
    );
  });

  test('a budget the pulse cannot read is refused too, naming the campaign', () => {
    const rows = input(7, () => '10000', '10000');
    rows.campaigns = [{ id: 'c1', name: 'Camp', status: 'ACTIVE', dailyBudget: '1,500.00' }];
    expect(() => analysePulse(rows)).toThrow(
      /"1,500.00" as dailyBudget, which should be an amount .*\(campaign "Camp" \(c1\), 2024-06-14\)/,
    );
  });
});

describe('over HTTP: a service that groups thousands (13,098)', () => {
  let h: PulseHarness;
  let proxy: Server;
  let url: string;
  beforeAll(async () => {
    h = await startPulseHarness();
    const target = new URL(h.sandbox.url);
    // Forwards everything to the sandbox; in publisher statistics, counts of 4+ digits get a thousands separator.
    proxy = createServer((req, res) => {
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            let body = Buffer.concat(chunks).toString('utf8');
            if (req.url?.startsWith('/publication/statistics')) body = body.replace(/(<requests>)(\d+)(\d{3})(<\/requests>)/g, '$1$2,$3$4');
            const headers = { ...answer.headers };
            delete headers['content-length'];
            delete headers['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 500, headers);
            res.end(body);
          });
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${target.pathname.replace(/\/$/, '')}`;
  }, 30_000);
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await h.close();
    removeTempDirs();
  });

  test('masg pulse: exit 6 naming requests, the entity and the day; no report, no false outage', async () => {
    const run = await h.masg(['pulse', '--date', DAY, '-o', 'json', '--retries', '0'], { env: { MASG_BASE_URL: url } });
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /The service sent \\?"\d+,\d{3}\\?" as requests, which should be a whole number \(publication .+, ad slot .+, 2024-06-\d\d\)/,
    );
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { name: 'NetworkError', exitCode: 6 } });
    expect(run.code).toBe(6);
  });
});

afterAll(removeTempDirs);

describe('a change within ±1 % is not painted (issue 29 #17)', () => {
  test.each([
    ['0.1', 'flat'],
    ['-0.1', 'flat'],
    ['-0.9', 'flat'],
    ['1.0', 'up'],
    ['-1.0', 'down'],
    ['-73.0', 'down'],
    [null, 'flat'],
  ])('%s → %s', async (change, tone) => {
    const { changeTone } = await import('../../src/pulse/screen.js');
    expect(changeTone(change)).toBe(tone);
  });
});

describe('daily and overall budget findings look different (issue 29 #3)', () => {
  test('budget: "overall" with "to date" and "overall budget" on the screen; "daily budget" for the day', async () => {
    const { renderScreen } = await import('../../src/pulse/screen.js');
    const { Chalk } = await import('chalk');
    const c = {
      id: 'c1',
      name: 'Camp',
      status: 'ACTIVE',
      startDate: '2024-05-01T00:00',
      endDate: '2024-06-30T23:59',
      dailyBudget: '50.00',
      overallBudget: '1500.00',
      spentToDate: '25932.71',
    };
    const days = [...baselineDates(DAY, 7), DAY].map((date) => ({
      date,
      campaign: 'c1',
      impressions: '1000',
      clicks: '10',
      conversions: '1',
      spend: '181.77',
    }));
    const report = analysePulse({ ...input(7, () => '10000', '10000'), campaigns: [c], campaignStats: days });
    const budgets = report.findings.filter((f) => f.kind === 'budget');
    expect(budgets.map((f) => [f.budget, f.metric, f.value, f.baseline])).toEqual([
      ['daily', 'spend', '181.77', '50.00'],
      ['overall', 'spend', '25932.71', '1500.00'],
    ]);
    expect(budgets[1].message).toBe('Campaign "Camp" has spent 25,932.71 of its overall budget of 1,500.00.');
    const screen = renderScreen(report, { chalk: new Chalk({ level: 0 }) });
    expect(screen).toContain('Campaign "Camp": spend 181.77, daily budget 50.00');
    expect(screen).toContain('Campaign "Camp": spend 25,932.71 to date, overall budget 1,500.00');
  });
});

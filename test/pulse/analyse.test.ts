// The pure analysis over hand-made rows: each rule decided exactly at its threshold, and the
// SDK's pulse(client) giving what the CLI's JSON gives.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analysePulse, createClient, DEFAULT_RULES, pulse, type PulseInput } from '../../src/index.js';
import { removeTempDirs } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';

// 2024-06-14 is a Friday; the 7 days before: Fri 7, Sat 8, Sun 9, Mon 10 … Thu 13.
const BASE = ['2024-06-07', '2024-06-08', '2024-06-09', '2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13'];

function input(over: Partial<PulseInput> & { perDay?: (date: string) => number; today?: number; earningsToday?: string } = {}): PulseInput {
  const perDay = over.perDay ?? (() => 10_000);
  const row = (date: string, requests: number, earnings = (requests / 500).toFixed(2)) => ({
    date,
    publication: 'p1',
    adslot: 's1',
    requests: String(requests),
    impressions: String(Math.floor(requests * 0.8)),
    clicks: String(Math.floor(requests / 100)),
    earnings,
  });
  return {
    date: DAY,
    baselineDays: 7,
    timeZone: 'UTC',
    publisher: [...BASE.map((d) => row(d, perDay(d))), row(DAY, over.today ?? 10_000, over.earningsToday)],
    campaignStats: [],
    publications: [{ id: 'p1', name: 'Pub One', status: 'ACTIVE' }],
    adslots: [{ id: 's1', name: 'Slot One', publication: 'p1' }],
    campaigns: [],
    ...over,
  };
}

describe('outage', () => {
  test('no requests after requests on every baseline day: one alert, on the publication (its slot is the same outage)', () => {
    const r = analysePulse(input({ today: 0 }));
    const outages = r.findings.filter((f) => f.kind === 'outage');
    expect(outages).toEqual([expect.objectContaining({ severity: 'alert', entity: 'publication', id: 'p1', name: 'Pub One', value: '0' })]);
    expect(r.findings.filter((f) => f.kind === 'drop' && f.entity !== 'account')).toEqual([]); // an outage is not also a drop
  });

  test('traffic on too few baseline days (5 of 7 < 75 %) is no outage', () => {
    const r = analysePulse(input({ today: 0, perDay: (d) => (d < '2024-06-09' ? 0 : 10_000) }));
    expect(r.findings.filter((f) => f.kind === 'outage')).toEqual([]);
    const six = analysePulse(input({ today: 0, perDay: (d) => (d === '2024-06-07' ? 0 : 10_000) }));
    expect(six.findings.filter((f) => f.kind === 'outage')).toHaveLength(1);
  });

  test('a paused publication is not out, nor is a tiny one', () => {
    const paused = input({ today: 0 });
    paused.publications = [{ id: 'p1', name: 'Pub One', status: 'PAUSED' }];
    expect(analysePulse(paused).findings.filter((f) => f.kind === 'outage')).toEqual([]);
    expect(analysePulse(input({ today: 0, perDay: () => 99 })).findings.filter((f) => f.kind === 'outage')).toEqual([]);
    expect(analysePulse(input({ today: 0, perDay: () => 100 })).findings.filter((f) => f.kind === 'outage')).toHaveLength(1);
  });
});

describe('drop and spike', () => {
  // The change is decided on the exact figures (test/pulse/exact.test.ts has the cases rounding would get wrong).
  test('exactly at the thresholds: 25 % down is watch, 40 % is alert, 24.9 % nothing', () => {
    const severity = (today: number) =>
      analysePulse(input({ today })).findings.find((f) => f.kind === 'drop' && f.entity === 'publication' && f.metric === 'requests')
        ?.severity;
    expect(severity(7_510)).toBeUndefined();
    expect(severity(7_500)).toBe('watch');
    expect(severity(6_010)).toBe('watch');
    expect(severity(6_000)).toBe('alert');
  });

  test('the weekend is compared with the weekend: a Sunday at weekend level is no drop', () => {
    const perDay = (d: string) => (['2024-06-08', '2024-06-09'].includes(d) ? 6_000 : 10_000);
    const sunday = analysePulse({ ...input({ perDay }), date: '2024-06-16', publisher: [] });
    expect(sunday.comparedDays).toEqual(['2024-06-09', '2024-06-15']);
  });

  test('earnings only: a drop of the money with the traffic unchanged, and the minimum volume', () => {
    const r = analysePulse(input({ earningsToday: '8.00' })); // baseline 20.00
    expect(r.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'drop', metric: 'earnings', value: '8.00', baseline: '20.00', severity: 'alert' }),
      ]),
    );
    const small = analysePulse(input({ earningsToday: '8.00' }), {
      ...DEFAULT_RULES,
      minVolume: { ...DEFAULT_RULES.minVolume, earnings: 20.01 },
    });
    expect(small.findings.filter((f) => f.metric === 'earnings')).toEqual([]);
  });

  test('a spike above every comparable day', () => {
    const r = analysePulse(input({ today: 20_000 }));
    expect(r.findings.find((f) => f.kind === 'spike' && f.entity === 'publication' && f.metric === 'requests')?.severity).toBe('alert');
  });
});

describe('budget', () => {
  const campaign = {
    id: 'c1',
    name: 'Camp',
    status: 'ACTIVE',
    startDate: '2024-05-01T00:00',
    endDate: '2024-06-30T23:59',
    dailyBudget: '100.00',
    overallBudget: '10000.00',
    dailyBudgetWeekday: '',
    dailyBudgetWeekend: '',
    budgetType: 'MONETARY',
  };
  const spendRows = (today: string, base = '80.00') => [
    ...BASE.map((date) => ({ date, campaign: 'c1', impressions: '1000', clicks: '10', conversions: '1', spend: base })),
    { date: DAY, campaign: 'c1', impressions: '1000', clicks: '10', conversions: '1', spend: today },
  ];
  const budget = (over: Partial<PulseInput>) => analysePulse(input(over)).findings.filter((f) => f.kind === 'budget');

  test('over the daily budget: watch below 10 % over, alert from 10 %', () => {
    expect(budget({ campaigns: [campaign], campaignStats: spendRows('100.00') })).toEqual([]);
    expect(budget({ campaigns: [campaign], campaignStats: spendRows('109.90') })[0].severity).toBe('watch');
    expect(budget({ campaigns: [campaign], campaignStats: spendRows('110.00') })[0]).toMatchObject({
      severity: 'alert',
      value: '110.00',
      baseline: '100.00',
    });
  });

  test('the weekday budget applies on a weekday, when set', () => {
    const c = { ...campaign, dailyBudgetWeekday: '200.00', dailyBudgetWeekend: '50.00' };
    expect(budget({ campaigns: [c], campaignStats: spendRows('150.00') })).toEqual([]);
  });

  test('running and spending nothing is an alert; a paused campaign is not', () => {
    expect(budget({ campaigns: [campaign], campaignStats: spendRows('0.00') })[0]).toMatchObject({ severity: 'alert', value: '0' });
    expect(budget({ campaigns: [{ ...campaign, status: 'PAUSED' }], campaignStats: spendRows('0.00') })).toEqual([]);
  });

  test('on course to exhaust the overall budget before the end date; exhausted is an alert', () => {
    // 80 a day, 16 days left to 2024-06-30: 1,280 more; 9,000 spent leaves 1,000.
    const pacing = budget({ campaigns: [{ ...campaign, spentToDate: '9000.00' }], campaignStats: spendRows('80.00') });
    expect(pacing).toEqual([expect.objectContaining({ severity: 'watch', value: '9000.00', baseline: '10000.00' })]);
    expect(pacing[0].message).toContain('around 2024-06-27');
    expect(budget({ campaigns: [{ ...campaign, spentToDate: '8000.00' }], campaignStats: spendRows('80.00') })).toEqual([]);
    expect(budget({ campaigns: [{ ...campaign, spentToDate: '10000.00' }], campaignStats: spendRows('80.00') })[0].severity).toBe('alert');
  });

  test('impression budgets count impressions', () => {
    const c = { ...campaign, budgetType: 'IMPRESSIONS', dailyBudget: '900', overallBudget: '' };
    expect(budget({ campaigns: [c], campaignStats: spendRows('1.00') })[0]).toMatchObject({
      metric: 'impressions',
      value: '1000',
      baseline: '900',
    });
  });
});

test('ignore: by ID or by name', () => {
  const rules = { ...DEFAULT_RULES, ignore: ['Pub One'] };
  expect(analysePulse(input({ today: 0 }), rules).findings.filter((f) => f.entity !== 'account')).toEqual([]);
});

describe('the SDK over the sandbox', () => {
  let h: PulseHarness;
  beforeAll(async () => {
    h = await startPulseHarness();
  }, 30_000);
  afterAll(async () => {
    await h.close();
    removeTempDirs();
  });

  test('pulse(client, …) gives the report the CLI prints', async () => {
    const client = createClient({ baseUrl: h.sandbox.url, email: h.sandbox.demo.email, key: h.sandbox.demo.key });
    try {
      const report = await pulse(client, { date: DAY, timeZone: 'UTC' });
      const cli = await h.pulse(['--tz', 'UTC']);
      expect(report.findings).toEqual(cli.report.findings);
      expect(report.publisher).toEqual(cli.report.publisher);
      expect(report.campaigns).toEqual(cli.report.campaigns);
      await expect(pulse(client, { date: '2024-6-14', timeZone: 'UTC' })).rejects.toThrow(/date: "2024-6-14" is not YYYY-MM-DD/);
    } finally {
      await client.close();
    }
  });
});

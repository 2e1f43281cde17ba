// Restatements in the pure analysis and in --notify's state: a restated day is a finding (alert
// from restatement.alert %, watch below), and a restatement alert is posted once, whichever
// day's pulse names it first; another sync run's restatement of the same day is posted again.
import { describe, expect, test } from 'vitest';
import { analysePulse, DEFAULT_RULES, parseRules, type PulseInput, type RestatementRow } from '../../src/index.js';
import { changesOf, emptyState, nextState } from '../../src/pulse/notify.js';

const DAY = '2024-06-14';
const BASE = ['2024-06-07', '2024-06-08', '2024-06-09', '2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13'];

function input(date: string, restatements: RestatementRow[]): PulseInput {
  const row = (d: string) => ({
    date: d,
    publication: 'p1',
    adslot: 's1',
    requests: '10000',
    impressions: '8000',
    clicks: '100',
    earnings: '20.00',
  });
  const days = [...BASE, DAY, '2024-06-15'].filter((d) => d <= date);
  return {
    ...{ date, baselineDays: 7, timeZone: 'UTC', publisher: days.map(row), campaignStats: [] },
    ...{ publications: [{ id: 'p1', name: 'Pub One', status: 'ACTIVE' }], adslots: [{ id: 's1', name: 'Slot One', publication: 'p1' }] },
    ...{ campaigns: [], restatements },
  };
}

const restated = (earnings: string, runId = 'run-1'): RestatementRow => ({
  date: '2024-06-12',
  side: 'publisher',
  seenAt: '2024-06-15 03:15:00',
  runId,
  before: { requests: '10000', impressions: '8000', clicks: '100', earnings: '20.00' },
  after: { requests: '10000', impressions: '8000', clicks: '100', earnings },
});

describe('a restatement finding', () => {
  test('names the day, the figure, before → after and the change; an alert from restatement.alert %', () => {
    const [f] = analysePulse(input(DAY, [restated('20.40')])).findings.filter((x) => x.kind === 'restatement');
    expect(f).toMatchObject({ severity: 'alert', entity: 'account', metric: 'earnings', baseline: '20.00', value: '20.40' });
    expect(f!.restated).toMatchObject({ date: '2024-06-12', side: 'publisher', change: '2.0' });
    expect(f!.message).toContain('earnings 20.00 → 20.40 (+2.0 %)');
    // Below the threshold: said all the same, as a watch.
    const small = analysePulse(input(DAY, [restated('20.10')])).findings.find((x) => x.kind === 'restatement');
    expect(small).toMatchObject({ severity: 'watch', restated: { change: '0.5' } });
    const lenient = parseRules('{"restatement": {"alert": 5}}');
    expect(analysePulse(input(DAY, [restated('20.40')]), lenient).findings.find((x) => x.kind === 'restatement')!.severity).toBe('watch');
    expect(() => parseRules('{"restatement": {"alert": -1}}')).toThrow(/restatement\.alert/);
    expect(DEFAULT_RULES.restatement.alert).toBe(1);
  });

  test("the change is the headline figures' own: exact, half-up, the one text; none from 0", () => {
    // 1.12 → 1.19 is +6.25 %: +6.3 % exactly, where a float made it 6.2.
    const cents = { ...restated('1.19'), before: { ...restated('1.19').before, earnings: '1.12' } };
    const [f] = analysePulse(input(DAY, [cents])).findings.filter((x) => x.kind === 'restatement');
    expect(f!.restated!.change).toBe('6.3');
    expect(f!.message).toContain('earnings 1.12 → 1.19 (+6.3 %)');
    const down = analysePulse(input(DAY, [restated('19.60')])).findings.find((x) => x.kind === 'restatement');
    expect(down!.message).toContain('earnings 20.00 → 19.60 (-2.0 %)');
    // From nothing there is no per cent: said without one, an alert all the same.
    const fromZero: RestatementRow = { ...restated('20.00'), before: { ...restated('20.00').before, clicks: '0' } };
    const [z] = analysePulse(input(DAY, [fromZero])).findings.filter((x) => x.kind === 'restatement');
    expect(z).toMatchObject({ severity: 'alert', metric: 'clicks', restated: { change: null } });
    expect(z!.message).toContain('clicks 0 → 100 (seen ');
  });

  test('--notify posts it once: not again from the next day, again for another run that restated the day', () => {
    const first = analysePulse(input(DAY, [restated('25.00')]));
    let state = emptyState('a@example.com');
    expect(changesOf(first, state).raised.map((f) => f.kind)).toEqual(['restatement']);
    state = nextState(first, state);
    expect(changesOf(first, state).raised).toEqual([]);
    const nextDay = analysePulse(input('2024-06-15', [restated('25.00')]));
    expect(changesOf(nextDay, state).raised).toEqual([]);
    state = nextState(nextDay, state);
    const again = analysePulse(input('2024-06-15', [restated('25.00'), { ...restated('30.00', 'run-2'), seenAt: '2024-06-16 03:15:00' }]));
    expect(changesOf(again, state).raised.map((f) => f.restated?.runId)).toEqual(['run-2']);
  });
});

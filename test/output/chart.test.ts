import { describe, expect, it } from 'vitest';
import { ChartAccumulator, type ChartData } from '../../src/output/chart-series.js';
import { group, renderChart, sparkline } from '../../src/output/chart.js';
import { createChalk } from '../../src/output/color.js';

const week: ChartData = {
  interval: 'day',
  labels: ['2024-06-01', '2024-06-02', '2024-06-03', '2024-06-04', '2024-06-05', '2024-06-06', '2024-06-07'],
  series: [
    { key: 'impressions', money: false, values: ['1200', '3400', '0', '5600', '7800', '6000', '2100'], total: '26100' },
    { key: 'clicks', money: false, values: ['12', '30', '0', '51', '80', '66', '20'], total: '259' },
    { key: 'earnings', money: true, values: ['1.20', '3.45', '0.00', '5.60', '8.10', '6.01', '2.00'], total: '26.36' },
  ],
  currency: 'USD',
};

// eslint-disable-next-line no-control-regex
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

describe('renderChart', () => {
  it('plain when colour is off: sparklines, aligned exact total/min/max, the range', async () => {
    expect(renderChart(week, { width: 80, chalk: await createChalk(false) })).toBe(
      [
        'impressions  ▂▄▁▆█▆▃  total 26,100     min 0     max 7,800',
        'clicks       ▂▄▁▅█▇▃  total 259        min 0     max 80',
        'earnings     ▂▄▁▆█▆▃  total 26.36 USD  min 0.00  max 8.10',
        '             2024-06-01 – 2024-06-07',
        '             7 days',
        '',
      ].join('\n'),
    );
  });

  it('colour on: the same text, painted', async () => {
    const text = renderChart(week, { width: 80, chalk: await createChalk(true) });
    expect(text).toContain('\u001b[36m▂▄▁▆█▆▃\u001b[39m');
    expect(text).toContain('\u001b[32m▂▄▁▆█▆▃\u001b[39m');
    expect(strip(text)).toBe(renderChart(week, { width: 80, chalk: await createChalk(false) }));
  });

  it('folds a range longer than the width: each mark the mean of consecutive intervals; lines fit', async () => {
    const labels = Array.from(
      { length: 240 },
      (_, i) => `2024-06-${String(1 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}`,
    );
    const values = labels.map((_, i) => String(i % 24));
    const data: ChartData = { interval: 'hour', labels, series: [{ key: 'clicks', money: false, values, total: '2760' }], currency: 'USD' };
    const lines = renderChart(data, { width: 100, chalk: await createChalk(false) })
      .trimEnd()
      .split('\n');
    expect(lines.every((l) => [...l].length <= 100)).toBe(true);
    // The numbers go under the sparkline: beside it, it would get 60 marks (each of 4 hours) instead of 80.
    expect(lines[lines.length - 1]).toBe('        240 hours, each mark the mean of 3 hours');
    expect([...lines[0]!.slice(8)]).toHaveLength(80);
    expect(lines[1]).toMatch(/^ {8}total 2,760 +min 0 +max 23$/);
    expect(lines[2]).toMatch(/^ {8}2024-06-01T00 +2024-06-10T23$/);
  });

  it('a month at 80 columns uses the width: one mark a day, numbers below', async () => {
    const labels = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const series = (key: string, money: boolean) => ({ key, money, values: labels.map((_, i) => String(1000 + i * 37)), total: '46095' });
    const data: ChartData = {
      interval: 'day',
      labels,
      series: [series('impressions', false), series('clicks', false), series('earnings', true)],
      currency: 'USD',
    };
    const text = renderChart(data, { width: 80, chalk: await createChalk(false) });
    expect(text).not.toContain('each mark the mean');
    const first = text.split('\n')[0]!;
    expect([...first.slice('impressions  '.length)]).toHaveLength(30);
    for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('a narrow terminal puts the numbers under the sparkline', async () => {
    const lines = renderChart(week, { width: 40, chalk: await createChalk(false) }).split('\n');
    expect(lines.slice(0, 2)).toEqual(['impressions  ▂▄▁▆█▆▃', '             total 26,100     min 0     max 7,800']);
  });
});

describe('sparkline and numbers', () => {
  it('min to max; flat series; non-numbers as dots', () => {
    expect(sparkline(['0', '7', '14'])).toBe('▁▅█');
    expect(sparkline(['0', '0'])).toBe('▁▁');
    expect(sparkline(['5', '5'])).toBe('▄▄');
    expect(sparkline(['1', '∞', '2'])).toBe('▁·█');
  });
  it('thousands grouping keeps every digit', () => {
    expect(group('9007199254740993')).toBe('9,007,199,254,740,993');
    expect(group('-1234.50')).toBe('-1,234.50');
    expect(group('∞')).toBe('∞');
    expect(group('')).toBe('?');
  });
});

describe('ChartAccumulator', () => {
  it('sums every row of an interval exactly (money as decimals, counts beyond 2^53)', () => {
    const acc = new ChartAccumulator('day', ['impressions', 'clicks', 'earnings']);
    acc.add({ date: '2024-06-01', impressions: '9007199254740993', clicks: '1', earnings: '0.10', currency: 'USD' });
    acc.add({ date: '2024-06-01', impressions: '1', clicks: '2', earnings: '0.20', currency: 'USD' });
    acc.add({ date: '2024-06-02', impressions: '0', clicks: '0', earnings: '0.00', currency: 'USD' });
    expect(acc.data()).toEqual({
      interval: 'day',
      labels: ['2024-06-01', '2024-06-02'],
      series: [
        { key: 'impressions', money: false, values: ['9007199254740994', '0'], total: '9007199254740994' },
        { key: 'clicks', money: false, values: ['3', '0'], total: '3' },
        { key: 'earnings', money: true, values: ['0.30', '0.00'], total: '0.30' },
      ],
      currency: 'USD',
    });
  });
});

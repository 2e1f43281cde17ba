import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { parseDateRange } from '../../src/time/dates.js';
import { countPieces, splitRange, MAX_PIECES } from '../../src/time/intervals.js';

const triples = (start: string, end: string, interval: 'total' | 'day' | 'hour') =>
  splitRange(start, end, interval).map((p) => [p.label, p.start, p.end]);

describe('splitRange', () => {
  it('total: one piece labelled as an ISO interval', () => {
    expect(triples('2024030100', '2024030723', 'total')).toEqual([['2024-03-01T00/2024-03-07T23', '2024030100', '2024030723']]);
  });

  it.each([
    [
      'whole days across a month end',
      '2024013000',
      '2024020123',
      [
        ['2024-01-30', '2024013000', '2024013023'],
        ['2024-01-31', '2024013100', '2024013123'],
        ['2024-02-01', '2024020100', '2024020123'],
      ],
    ],
    [
      'partial first and last day',
      '2024043018',
      '2024050205',
      [
        ['2024-04-30', '2024043018', '2024043023'],
        ['2024-05-01', '2024050100', '2024050123'],
        ['2024-05-02', '2024050200', '2024050205'],
      ],
    ],
    [
      'across the leap day',
      '2024022800',
      '2024030123',
      [
        ['2024-02-28', '2024022800', '2024022823'],
        ['2024-02-29', '2024022900', '2024022923'],
        ['2024-03-01', '2024030100', '2024030123'],
      ],
    ],
    [
      'February without a leap day',
      '2023022812',
      '2023030111',
      [
        ['2023-02-28', '2023022812', '2023022823'],
        ['2023-03-01', '2023030100', '2023030111'],
      ],
    ],
    [
      'across the year end',
      '2024123122',
      '2025010101',
      [
        ['2024-12-31', '2024123122', '2024123123'],
        ['2025-01-01', '2025010100', '2025010101'],
      ],
    ],
    ['a part of one day', '2024061005', '2024061007', [['2024-06-10', '2024061005', '2024061007']]],
    ['a DST change day is still 00..23', '2024033100', '2024033123', [['2024-03-31', '2024033100', '2024033123']]],
  ])('day: %s', (_name, start, end, expected) => {
    expect(triples(start, end, 'day')).toEqual(expected);
  });

  it('hour: across the year end', () => {
    expect(triples('2024123122', '2025010101', 'hour')).toEqual([
      ['2024-12-31T22', '2024123122', '2024123122'],
      ['2024-12-31T23', '2024123123', '2024123123'],
      ['2025-01-01T00', '2025010100', '2025010100'],
      ['2025-01-01T01', '2025010101', '2025010101'],
    ]);
  });

  it('hour: a single hour', () => {
    expect(triples('2024022923', '2024022923', 'hour')).toEqual([['2024-02-29T23', '2024022923', '2024022923']]);
  });

  it('hour: a whole day is 24 pieces, 00..23, even when the clocks change (Europe/Paris 2024-10-27)', () => {
    const pieces = splitRange('2024102700', '2024102723', 'hour');
    expect(pieces).toHaveLength(24);
    expect(pieces.map((p) => p.start.slice(8))).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
  });

  it('hour: a leap year is 8,784 contiguous hours', () => {
    const pieces = splitRange('2024010100', '2024123123', 'hour');
    expect(pieces).toHaveLength(8784);
    expect(pieces[1439]!.label).toBe('2024-02-29T23');
    expect(pieces[1440]!.label).toBe('2024-03-01T00');
    expect(pieces.at(-1)!.label).toBe('2024-12-31T23');
  });

  it('day: labels are valid date tokens and hour labels valid --from tokens (round trip)', () => {
    const now = new Date('2024-06-12T00:00:00Z');
    for (const p of splitRange('2024022822', '2024030101', 'hour')) {
      expect(parseDateRange({ from: p.label, to: p.label, tz: 'UTC', now })).toMatchObject({ start: p.start, end: p.end });
    }
    for (const p of splitRange('2024022800', '2024030123', 'day')) {
      expect(parseDateRange({ date: p.label, tz: 'UTC', now })).toMatchObject({ start: p.start, end: p.end });
    }
  });

  it.each([
    ['2024010100', '2024123123', 'day', 366],
    ['2023010100', '2023123123', 'day', 365],
    ['2024123123', '2025010100', 'day', 2],
    ['2024010100', '2024123123', 'hour', 8784],
    ['2024010100', '2024010100', 'hour', 1],
    ['2000010100', '2099123123', 'total', 1],
  ] as const)('countPieces(%s, %s, %s) = %i', (start, end, interval, n) => {
    expect(countPieces(start, end, interval)).toBe(n);
  });
});

describe('absurd splits are refused before anything is sent', () => {
  it('hour over two years', () => {
    const err = (() => {
      try {
        splitRange('2023010100', '2024123123', 'hour');
      } catch (e) {
        return e as UsageError;
      }
      throw new Error('no error');
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect(err.field).toBe('--interval');
    expect(err.message).toBe('--interval hour from 2023-01-01T00 to 2024-12-31T23 would send 17,544 requests; the limit is 10,000.');
  });

  it('day over 28 years, while 27 years are fine', () => {
    expect(() => splitRange('2000010100', '2027123123', 'day')).toThrow(/would send 10,227 requests/);
    expect(splitRange('2000010100', '2027051823', 'day')).toHaveLength(MAX_PIECES);
    expect(() => splitRange('2000010100', '2027051900', 'day')).toThrow(/10,001 requests/);
  });

  it('total is never refused, and the limit can be lowered', () => {
    expect(splitRange('1000010100', '9999123123', 'total')).toHaveLength(1);
    expect(() => splitRange('2024010100', '2024010523', 'day', { maxPieces: 4 })).toThrow(/5 requests; the limit is 4/);
  });

  it('a reversed range is a programming error, not a usage error', () => {
    expect(() => splitRange('2024010200', '2024010100', 'day')).toThrow(/is after end/);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError } from '../../src/core/errors.js';
import { parseDateRange, type DateOptions } from '../../src/time/dates.js';

// A fixed instant: Wednesday 2024-06-12 10:30 UTC.
const NOW = new Date('2024-06-12T10:30:00Z');
const range = (o: Partial<DateOptions>) => parseDateRange({ tz: 'UTC', now: NOW, ...o });
const stamps = (o: Partial<DateOptions>) => {
  const r = range(o);
  return [r.start, r.end];
};

function usageError(o: Partial<DateOptions>): UsageError {
  try {
    range(o);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return err as UsageError;
  }
  throw new Error(`expected a UsageError for ${JSON.stringify(o)}`);
}

describe('token forms', () => {
  it.each([
    // [--from, --to, start, end]
    ['2024-03-01', '2024-03-01', '2024030100', '2024030123'],
    ['2024-03-01', '2024-03-07', '2024030100', '2024030723'],
    ['2024-03-01T05', '2024-03-01T05', '2024030105', '2024030105'],
    ['2024-03-01t05', '2024-03-02T00', '2024030105', '2024030200'],
    ['2024030105', '2024030117', '2024030105', '2024030117'],
    ['2024030100', '2024-03-01', '2024030100', '2024030123'],
    ['today', 'today', '2024061200', '2024061210'], // up to the current hour, not 23
    ['yesterday', 'yesterday', '2024061100', '2024061123'],
    ['-7d', 'yesterday', '2024060500', '2024061123'],
    ['-0d', 'today', '2024061200', '2024061210'],
    ['-12d', '-12d', '2024053100', '2024053123'],
    ['-365d', '-365d', '2023061300', '2023061323'],
    [' Yesterday ', 'TODAY', '2024061100', '2024061210'],
    ['2024-01-31T23', '2024-02-01T00', '2024013123', '2024020100'],
  ])('--from %s --to %s → %s..%s', (from, to, start, end) => {
    expect(stamps({ from, to })).toEqual([start, end]);
  });

  it.each([
    ['2024-02-29', '2024022900', '2024022923'], // leap day
    ['2000-02-29', '2000022900', '2000022923'], // divisible by 400: leap
    ['2024-01-31', '2024013100', '2024013123'],
    ['2024-04-30', '2024043000', '2024043023'],
    ['2023-12-31', '2023123100', '2023123123'],
    ['today', '2024061200', '2024061210'],
    ['yesterday', '2024061100', '2024061123'],
    ['-1d', '2024061100', '2024061123'],
  ])('--date %s → %s..%s', (date, start, end) => {
    expect(stamps({ date })).toEqual([start, end]);
  });

  it('--from alone runs to now (the current hour of today)', () => {
    expect(stamps({ from: '-2d' })).toEqual(['2024061000', '2024061210']);
  });

  it('no option at all means today so far, and says it was a default', () => {
    expect(range({})).toEqual({ start: '2024061200', end: '2024061210', defaulted: true, clippedFrom: '2024061223' });
    expect(range({ date: 'today' }).defaulted).toBe(false);
  });
});

describe('a range reaching into the future stops at the current hour (in the account zone)', () => {
  it('clips the end and says what was asked for', () => {
    expect(range({ from: '2024-06-11', to: '2024-06-20' })).toEqual({
      start: '2024061100',
      end: '2024061210',
      defaulted: false,
      clippedFrom: '2024062023',
    });
    expect(range({ from: '2024061210', to: '2024061210' })).toEqual({ start: '2024061210', end: '2024061210', defaulted: false });
    expect(range({ from: '2024-06-12T09', to: '2024-06-12T11' }).end).toBe('2024061210');
  });

  it("the current hour is the zone's: 10:30 UTC is 19:30 in Tokyo and 06:30 in New York", () => {
    expect(parseDateRange({ tz: 'Asia/Tokyo', now: NOW, date: 'today' })).toMatchObject({ start: '2024061200', end: '2024061219' });
    expect(parseDateRange({ tz: 'America/New_York', now: NOW, date: 'today' })).toMatchObject({ start: '2024061200', end: '2024061206' });
    // Already the 13th in Kiritimati (UTC+14): its today is a day ahead of UTC's.
    expect(parseDateRange({ tz: 'Pacific/Kiritimati', now: NOW, date: '2024-06-13' })).toMatchObject({
      start: '2024061300',
      end: '2024061300',
    });
  });

  it('a range that has not begun is refused, naming the option and the current hour', () => {
    expect(usageError({ date: '2024-12-31' }).message).toBe(
      '--date 2024-12-31 is in the future: statistics run up to the current hour, 2024-06-12T10 (UTC).',
    );
    expect(usageError({ from: '2024-06-12T11', to: '2024-06-12T12' })).toMatchObject({ field: '--from' });
    expect(usageError({ from: '2024-06-13' }).field).toBe('--from');
  });
});

describe('impossible dates and malformed stamps are refused, naming the option', () => {
  it.each([
    ['--from', '2025-02-29', /February 2025 has 28 days/],
    ['--from', '2023-02-29', /February 2023 has 28 days/],
    ['--from', '1900-02-29', /February 1900 has 28 days/], // divisible by 100: not leap
    ['--to', '2024-02-30', /February 2024 has 29 days/],
    ['--to', '2024-04-31', /April 2024 has 30 days/],
    ['--from', '2024-13-01', /no month 13/],
    ['--from', '2024-00-10', /no month 0/],
    ['--from', '2024-01-00', /January 2024 has 31 days/],
    ['--from', '2024-01-01T24', /hours run from 00 to 23/],
    ['--from', '2012013124', /hours run from 00 to 23/],
    ['--to', '2024023012', /February 2024 has 29 days/],
    ['--from', '20240301', /8 digits/],
    ['--from', '202403011', /9 digits/],
    ['--from', '20240301011', /11 digits/],
    ['--from', '202403010100', /12 digits/],
    ['--from', '2024030101x', /is not a date/],
    ['--from', '2024-03-01x', /is not a date/],
    ['--from', '2024-03-01T5', /is not a date/],
    ['--from', '2024-3-1', /is not a date/],
    ['--from', '-7', /is not a date/],
    ['--from', '7d', /is not a date/],
    ['--from', 'tomorrow', /is not a date/],
    ['--from', '', /is not a date/],
  ])('%s %j', (option, value, why) => {
    const o = option === '--from' ? { from: value, to: '2024-12-31' } : { from: '2024-01-01', to: value };
    const err = usageError(o);
    expect(err.field).toBe(option);
    expect(err.message).toContain(`${option}: "${value}"`);
    expect(err.message).toMatch(why);
    expect(err.exitCode).toBe(2);
  });

  it('an 8-digit day gets a hint showing both intended forms', () => {
    expect(usageError({ from: '20240301', to: 'today' }).hint).toBe(
      'For a whole day write 2024-03-01; for one hour add the hour: 2024030100.',
    );
  });

  it.each(['2024-02-30', '20240301', 'soon'])('--date %j is refused', (date) => {
    expect(usageError({ date }).field).toBe('--date');
  });
});

describe('option combinations', () => {
  it.each(['2024-03-01T05', '2024030105'])('--date with an hour (%s) is refused with a way out', (date) => {
    const err = usageError({ date });
    expect(err.field).toBe('--date');
    expect(err.message).toMatch(/is an hour; --date takes a whole day/);
    expect(err.hint).toContain('--from 2024-03-01T05 --to 2024-03-01T05');
  });

  it.each([{ from: 'today' }, { to: 'today' }, { from: '-1d', to: 'today' }])('--date with %j', (o) => {
    const err = usageError({ date: 'today', ...o });
    expect(err.field).toBe('--date');
    expect(err.message).toMatch(/cannot be combined/);
  });

  it('--to alone is refused', () => {
    expect(usageError({ to: '2024-03-01' }).message).toMatch(/--to needs --from/);
  });

  it.each([
    ['2024-03-05', '2024-03-01', /--from 2024-03-05 is after --to 2024-03-01\.$/],
    ['2024-03-01T10', '2024-03-01T09', /--from 2024-03-01T10 is after --to 2024-03-01T09\.$/],
    ['2024030100', '2024-02-29', /is after/],
    ['today', 'yesterday', /--from 2024-06-12 is after --to 2024-06-11\.$/],
    ['2025-01-01', undefined, /--from 2025-01-01 is after --to today \(2024-06-12\)\.$/],
  ])('reversed: --from %s --to %s', (from, to, why) => {
    const err = usageError({ from, to });
    expect(err.field).toBe('--from');
    expect(err.message).toMatch(why);
  });

  it('an hour inside the --to day is not reversed (--to a day means up to hour 23)', () => {
    expect(stamps({ from: '2024-03-01T22', to: '2024-03-01' })).toEqual(['2024030122', '2024030123']);
  });

  it('an invalid zone is refused', () => {
    const err = usageError({ tz: 'Mars/Olympus_Mons', date: 'today' });
    expect(err.field).toBe('--tz');
  });
});

describe("without the account's zone (tz undefined)", () => {
  const zoneless = (o: Partial<DateOptions>) => parseDateRange({ now: NOW, ...o, tz: undefined });
  const refusal = (o: Partial<DateOptions>) => {
    try {
      zoneless(o);
    } catch (err) {
      return err as ConfigError;
    }
    throw new Error('expected a refusal');
  };

  it('absolute days and hours resolve as with any zone', () => {
    expect(zoneless({ date: '2024-06-11' })).toMatchObject({ start: '2024061100', end: '2024061123' });
    expect(zoneless({ from: '2024-06-10T05', to: '2024061108' })).toMatchObject({ start: '2024061005', end: '2024061108' });
  });

  it.each<[Partial<DateOptions>, string]>([
    [{ date: 'yesterday' }, '--date yesterday'],
    [{ date: '-3d' }, '--date -3d'],
    [{ from: '-7d', to: '2024-06-11' }, '--from -7d'],
    [{ from: '2024-06-01', to: 'today' }, '--to today'],
    [{ from: '2024-06-01' }, '--from without --to'],
    [{}, 'A report without --date, --from or --to'],
  ])('%j is refused with exit 3, saying what needs the zone', (o, what) => {
    const err = refusal(o);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.exitCode).toBe(3);
    expect(err.message).toContain(what);
    for (const way of ['--tz', 'MASG_TIMEZONE', 'masg login --timezone']) expect(err.hint).toContain(way);
  });

  it('"now" is bounded by the zone furthest ahead (UTC+14): later hours have begun nowhere', () => {
    // 10:30 UTC is 00:30 the next day at UTC+14: hour 2024061300 has begun there, 2024061301 nowhere.
    expect(zoneless({ date: '2024-06-13' })).toMatchObject({ start: '2024061300', end: '2024061300', clippedFrom: '2024061323' });
    expect(() => zoneless({ date: '2024-06-14' })).toThrow(/is in the future: .* \(in every time zone\)/);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError } from '../../src/core/errors.js';
import { parseDateRange } from '../../src/time/dates.js';
import { accountTimeZone, isValidTimeZone, localDateHour, resolveTimeZone } from '../../src/time/zone.js';

const day = (tz: string, iso: string, token = 'today') => parseDateRange({ date: token, tz, now: new Date(iso) }).start.slice(0, 8);

describe('today/yesterday are resolved in the account zone', () => {
  // One instant, three calendar days: UTC+14 is already tomorrow, UTC−11 still yesterday.
  const NOW = '2024-06-15T10:30:00Z';
  it.each([
    ['Pacific/Kiritimati', '20240616', '20240615'], // 2024-06-16 00:30 local
    ['UTC', '20240615', '20240614'],
    ['Pacific/Pago_Pago', '20240614', '20240613'], // 2024-06-14 23:30 local
    ['Asia/Kolkata', '20240615', '20240614'], // half-hour offset: 16:00
  ])('%s: today %s, yesterday %s', (tz, today, yesterday) => {
    expect(day(tz, NOW)).toBe(today);
    expect(day(tz, NOW, 'yesterday')).toBe(yesterday);
  });

  it.each([
    // [zone, instant, local today]: either side of local midnight.
    ['Pacific/Kiritimati', '2024-06-15T09:59:59Z', '20240615'],
    ['Pacific/Kiritimati', '2024-06-15T10:00:00Z', '20240616'],
    ['Pacific/Pago_Pago', '2024-06-15T10:59:59Z', '20240614'],
    ['Pacific/Pago_Pago', '2024-06-15T11:00:00Z', '20240615'],
    ['Pacific/Kiritimati', '2024-12-31T10:00:00Z', '20250101'], // new year arrives early
    ['Pacific/Pago_Pago', '2025-01-01T10:59:00Z', '20241231'],
  ])('%s at %s → %s', (tz, iso, today) => {
    expect(day(tz, iso)).toBe(today);
  });
});

describe('DST change days: still hours 00..23, and yesterday is the previous calendar day', () => {
  it.each([
    // Spring forward (23-hour days): 00:30 local on the next day. now − 24 h would land two days back.
    ['Europe/Paris', '2024-03-31T22:30:00Z', '20240401', '20240331'],
    ['America/New_York', '2024-03-11T04:30:00Z', '20240311', '20240310'],
    // Fall back (25-hour days): 00:30 local on the next day, and 23:30 on the long day itself,
    // where now − 24 h would still be the same day.
    ['Europe/Paris', '2024-10-27T23:30:00Z', '20241028', '20241027'],
    ['Europe/Paris', '2024-10-27T22:30:00Z', '20241027', '20241026'],
    ['America/New_York', '2024-11-04T05:30:00Z', '20241104', '20241103'],
    ['America/New_York', '2024-11-04T04:30:00Z', '20241103', '20241102'],
  ])('%s at %s: today %s, yesterday %s', (tz, iso, today, yesterday) => {
    expect(day(tz, iso)).toBe(today);
    expect(day(tz, iso, 'yesterday')).toBe(yesterday);
  });

  it.each([
    ['Europe/Paris', '2024-03-31'],
    ['Europe/Paris', '2024-10-27'],
    ['America/New_York', '2024-03-10'],
    ['America/New_York', '2024-11-03'],
  ])('%s %s is 00..23 on the wire', (tz, date) => {
    const r = parseDateRange({ date, tz, now: new Date('2025-01-01T00:00:00Z') });
    const compact = date.replaceAll('-', '');
    expect([r.start, r.end]).toEqual([`${compact}00`, `${compact}23`]);
  });

  it('localDateHour reads the local wall hour across the change', () => {
    // 01:59:59 CET then, one second later, 03:00 CEST.
    expect(localDateHour('Europe/Paris', new Date('2024-03-31T00:59:59Z')).hour).toBe(1);
    expect(localDateHour('Europe/Paris', new Date('2024-03-31T01:00:00Z')).hour).toBe(3);
    expect(localDateHour('UTC', new Date('2024-03-31T00:00:00Z'))).toEqual({
      date: { year: 2024, month: 3, day: 31 },
      hour: 0, // h23: midnight is 0, never 24
    });
  });
});

describe("resolveTimeZone: --tz, else the known zone, else refused (never the host's)", () => {
  type Args = [string | undefined, string | undefined];
  it.each<[Args, string]>([
    [['Asia/Tokyo', 'Europe/Paris'], 'Asia/Tokyo'],
    [[undefined, 'Europe/Paris'], 'Europe/Paris'],
  ])('%j → %s', (args, zone) => {
    expect(resolveTimeZone(...args)).toBe(zone);
    expect(accountTimeZone(...args)).toBe(zone);
  });

  it.each<Args>([
    [undefined, undefined],
    [undefined, ''],
  ])('%j: unknown, refused with exit 3 naming --tz, MASG_TIMEZONE and masg login --timezone', (...args) => {
    expect(accountTimeZone(...args)).toBeUndefined();
    try {
      resolveTimeZone(...args);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).exitCode).toBe(3);
      expect((err as ConfigError).message).toContain("needs the account's time zone, which is not known");
      for (const way of ['--tz', 'MASG_TIMEZONE', 'masg login --timezone']) expect((err as ConfigError).hint).toContain(way);
    }
  });

  it.each(['Mars/Olympus_Mons', '', '+02:00', ' Europe/Paris', 'Europe/Pariss'])('--tz %j is a usage error', (tz) => {
    expect(() => resolveTimeZone(tz, 'Europe/Paris')).toThrow(UsageError);
    try {
      resolveTimeZone(tz);
    } catch (err) {
      expect((err as UsageError).field).toBe('--tz');
      expect((err as UsageError).message).toContain(`"${tz}" is not an IANA time zone`);
    }
  });

  // Node 22+ ICU accepts offsets as zones and Node 20's does not: refused alike on every Node.
  it.each([
    ['+02:00', 'Etc/GMT-2'],
    ['-05', 'Etc/GMT+5'],
    ['+0200', 'Etc/GMT-2'],
  ])('--tz %s is refused on every Node, pointing to %s', (tz, zone) => {
    expect(() => resolveTimeZone(tz)).toThrow(UsageError);
    try {
      resolveTimeZone(tz);
    } catch (err) {
      expect((err as UsageError).hint).toContain(zone);
    }
    expect(isValidTimeZone(tz)).toBe(false);
  });

  it('--tz +05:30 is refused without a wrong Etc/GMT suggestion', () => {
    try {
      resolveTimeZone('+05:30');
      expect.unreachable();
    } catch (err) {
      expect((err as UsageError).hint).not.toContain('Etc/GMT');
    }
  });

  it('a bad profile zone is a configuration error', () => {
    expect(() => resolveTimeZone(undefined, 'Europe/Pariss')).toThrow(ConfigError);
  });
});

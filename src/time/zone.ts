// IANA time zones through Intl: validation, and the day and hour now in the account's zone. The rest is civil.ts.

import { ConfigError, UsageError } from '../core/errors.js';
import type { CivilDate } from './civil.js';

const OFFSET = /^[+\-\u2212]\d/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      // h23, not hour12:false: some ICU versions print midnight as "24" with the latter.
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function isValidTimeZone(tz: string | undefined): boolean {
  if (!tz || tz.trim() !== tz) return false;
  // Newer ICU also takes UTC offsets ("+02:00"), which have no DST rules: refused on every Node alike.
  if (OFFSET.test(tz)) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false; // RangeError: Invalid time zone specified
  }
}

/**
 * `--tz`, else the account's known zone, else undefined. Never the host's: the service counts hours in the
 * account's zone, and a guess would put another day's figures under the day asked for.
 */
export function accountTimeZone(flag?: string, known?: string): string | undefined {
  if (flag !== undefined) {
    if (isValidTimeZone(flag)) return flag;
    throw new UsageError(`--tz: "${flag}" is not an IANA time zone.`, {
      field: '--tz',
      hint: offsetHint(flag) ?? 'Use a zone name such as Europe/Paris, America/New_York or UTC.',
    });
  }
  if (known !== undefined && known !== '') {
    if (isValidTimeZone(known)) return known;
    throw new ConfigError(`The account's time zone "${known}" is not an IANA time zone.`, {
      hint: 'Pass --tz <zone> for this run, and fix it with `masg login --timezone ZONE` (or MASG_TIMEZONE).',
    });
  }
  return undefined;
}

/** accountTimeZone where the account's calendar is needed, refused (exit 3) when it is unknown. */
export function resolveTimeZone(
  flag?: string,
  known?: string,
  what = "Counting the account's days (which days a sync covers, and which of them are over)",
): string {
  const tz = accountTimeZone(flag, known);
  if (tz === undefined) throw zoneUnknown(what);
  return tz;
}

export function zoneUnknown(what: string): ConfigError {
  return new ConfigError(`${what} needs the account's time zone, which is not known (masg never takes this computer's).`, {
    hint: 'Pass --tz <zone> (e.g. --tz America/New_York), set MASG_TIMEZONE, or save it in the profile with `masg login --timezone ZONE`. Absolute days (YYYY-MM-DD) need no zone.',
  });
}

/** The zone furthest ahead of UTC (+14): with the account's zone unknown, a later hour has begun nowhere. */
export const AHEAD_OF_ALL_ZONES = 'Pacific/Kiritimati';

/** "+02:00" → the IANA zone of that fixed offset, Etc/GMT-2 (POSIX names invert the sign). */
function offsetHint(tz: string): string | undefined {
  const whole = /^([+\-\u2212])(\d{1,2})(?::?00)?$/.exec(tz);
  if (!OFFSET.test(tz)) return undefined;
  const fixed =
    whole && Number(whole[2]) <= 14
      ? ` For a fixed offset of ${tz}, use Etc/GMT${whole[1] === '+' ? '-' : '+'}${Number(whole[2])} (the sign is inverted).`
      : '';
  return `Use a zone name such as Europe/Paris: a UTC offset has no daylight-saving rules.${fixed}`;
}

export function localDateHour(tz: string, now: Date): { date: CivilDate; hour: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(now)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    date: { year: parts['year'], month: parts['month'], day: parts['day'] },
    hour: parts['hour'],
  };
}

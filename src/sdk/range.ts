// `from`/`to` → the service's hour stamps, through the CLI's date parser so both read dates alike.
import { ConfigError, UsageError } from '../core/errors.js';
import { toStamp, type HourStamp } from '../time/civil.js';
import { parseDateToken, stampLabel, type DateToken } from '../time/dates.js';
import { isValidTimeZone, localDateHour } from '../time/zone.js';
import type { DateInput } from './types.js';

const RELATIVE = /^\s*(today|yesterday|-\d{1,5}d)\s*$/i;

export function checkTimeZone(tz: string, field = 'timeZone'): string {
  const given = String(tz);
  if (!isValidTimeZone(tz)) {
    throw new UsageError(`${field}: "${given}" is not an IANA time zone.`, {
      field,
      hint: 'Use a zone name such as Europe/Paris, America/New_York or UTC.',
    });
  }
  return tz;
}

/** A missing zone is missing configuration, never guessed from the host. */
function needZone(field: string, what: string): ConfigError {
  return new ConfigError(`${field}: ${what} needs the account's time zone, which is not known (masg never takes this computer's).`, {
    hint: "Pass timeZone (the account's IANA zone, e.g. 'America/New_York') to createClient or to this call, set MASG_TIMEZONE, or save it in the profile with `masg login --timezone ZONE`. Absolute days ('YYYY-MM-DD' / 'YYYY-MM-DDTHH') need no zone.",
  });
}

function token(field: 'from' | 'to', value: DateInput, tz: string | undefined, now: Date): DateToken {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new UsageError(`${field}: the Date is invalid.`, { field });
    if (tz === undefined) throw needZone(field, 'a Date');
    const { date, hour } = localDateHour(tz, value);
    return { kind: 'hour', date, hour };
  }
  if (typeof value !== 'string') {
    throw new UsageError(`${field}: expected a Date or a string such as '2026-03-01', got ${typeof (value as unknown)}.`, { field });
  }
  if (RELATIVE.test(value)) {
    if (tz === undefined) throw needZone(field, `"${value.trim()}"`);
    return parseDateToken(field, value, localDateHour(tz, now).date);
  }
  return parseDateToken(field, value, { year: 1970, month: 1, day: 1 });
}

export function resolveRange(
  from: DateInput,
  to: DateInput,
  tz: string | undefined,
  now = new Date(),
): { start: HourStamp; end: HourStamp } {
  if (from === undefined || to === undefined) {
    const field = from === undefined ? 'from' : 'to';
    throw new UsageError(`${field} is required (both ends of the range are inclusive).`, { field });
  }
  if (tz !== undefined) checkTimeZone(tz);
  const f = token('from', from, tz, now);
  const t = token('to', to, tz, now);
  const start = toStamp(f.date, f.kind === 'hour' ? f.hour : 0);
  const end = toStamp(t.date, t.kind === 'hour' ? t.hour : 23);
  if (start > end) {
    throw new UsageError(`from (${stampLabel(start)}) is after to (${stampLabel(end)}).`, { field: 'from', hint: 'Swap the two dates.' });
  }
  return { start, end };
}

// --date / --from / --to → the inclusive pair of exact 10-digit hour stamps: production reads other stamps leniently
// as some other hour. "yesterday" is today's date minus one day in the account's zone, never now − 24 h (DST).

import { didYouMean } from '../core/closest.js';
import { UsageError } from '../core/errors.js';
import { addDays, daysInMonth, formatDay, toStamp, type CivilDate, type HourStamp } from './civil.js';
import { AHEAD_OF_ALL_ZONES, isValidTimeZone, localDateHour, zoneUnknown } from './zone.js';

export type { HourStamp } from './civil.js';

export interface DateRange {
  start: HourStamp;
  end: HourStamp;
  defaulted: boolean;
  /** The end asked for, when it reached past the current hour: `end` is then clipped (zero rows would read as a dead publication). */
  clippedFrom?: HourStamp;
}

export type DateToken = { kind: 'day'; date: CivilDate } | { kind: 'hour'; date: CivilDate; hour: number };

const FORMS = 'YYYY-MM-DD, YYYY-MM-DDTHH, YYYYMMDDHH (10 digits), today, yesterday or -Nd';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function refuse(option: string, raw: string, why: string, hint?: string): UsageError {
  return new UsageError(`${option}: "${raw}" ${why}`, { field: option, hint });
}

function checkDate(option: string, raw: string, y: number, m: number, d: number, h = 0): CivilDate {
  if (m < 1 || m > 12) throw refuse(option, raw, `is not a valid date: there is no month ${m}.`);
  const last = daysInMonth(y, m);
  if (d < 1 || d > last) {
    throw refuse(option, raw, `is not a valid date: ${MONTHS[m - 1]} ${y} has ${last} days.`);
  }
  if (h > 23) throw refuse(option, raw, `is not a valid hour: hours run from 00 to 23.`);
  return { year: y, month: m, day: d };
}

/** One date token → a whole day or one hour; `today` as a function is asked only by a relative token (it may refuse). */
export function parseDateToken(option: string, raw: string, today: CivilDate | (() => CivilDate)): DateToken {
  const s = raw.trim().toLowerCase();
  const now = () => (typeof today === 'function' ? today() : today);
  let m: RegExpExecArray | null;
  if (s === 'today') return { kind: 'day', date: now() };
  if (s === 'yesterday') return { kind: 'day', date: addDays(now(), -1) };
  if ((m = /^-(\d{1,5})d$/.exec(s))) return { kind: 'day', date: addDays(now(), -Number(m[1])) };
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s))) {
    return { kind: 'day', date: checkDate(option, raw, +m[1], +m[2], +m[3]) };
  }
  if ((m = /^(\d{4})-(\d{2})-(\d{2})t(\d{2})$/.exec(s))) {
    const hour = +m[4];
    return { kind: 'hour', date: checkDate(option, raw, +m[1], +m[2], +m[3], hour), hour };
  }
  if ((m = /^(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(s))) {
    const hour = +m[4];
    return { kind: 'hour', date: checkDate(option, raw, +m[1], +m[2], +m[3], hour), hour };
  }
  if (/^\d+$/.test(s)) {
    // The server would reinterpret these silently (docs/service-notes.md), so say what went wrong.
    const hint =
      s.length === 8
        ? `For a whole day write ${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}; for one hour add the hour: ${s}00.`
        : `Use ${FORMS}.`;
    throw refuse(option, raw, `has ${s.length} digits: an hour stamp is exactly 10 (YYYYMMDDHH).`, hint);
  }
  throw refuse(option, raw, 'is not a date.', `${guessDate(s)}Use ${FORMS}.`);
}

/** "Did you mean -7d?" for the near misses of the relative forms; '' when there is no good guess. */
function guessDate(s: string): string {
  const days = /^-?(\d{1,5})(?:\s*d(?:ays?)?)?$/.exec(s) ?? /^(\d{1,5})\s*d(?:ays?)?(?:\s*ago)?$/.exec(s);
  if (days) return `Did you mean -${days[1]}d? `;
  const word = didYouMean(s, ['today', 'yesterday']);
  return word === '' ? '' : `${word} `;
}

const first = (t: DateToken): HourStamp => toStamp(t.date, t.kind === 'hour' ? t.hour : 0);
const last = (t: DateToken): HourStamp => toStamp(t.date, t.kind === 'hour' ? t.hour : 23);

function describe(t: DateToken): string {
  return t.kind === 'day' ? formatDay(t.date) : `${formatDay(t.date)}T${String(t.hour).padStart(2, '0')}`;
}

export interface DateOptions {
  date?: string;
  from?: string;
  to?: string;
  /** The account's zone, which decides what `today` is; undefined when unknown (relative dates are then refused). */
  tz: string | undefined;
  now: Date;
}

/** The date options as inclusive stamps; no option means today 00..23 (`defaulted` lets the command say which day). */
export function parseDateRange(opts: DateOptions): DateRange {
  const asked = parseAsked(opts);
  // Without the account's zone, "now" is bounded by the zone furthest ahead: a later hour has begun nowhere.
  const { date: today, hour } = localDateHour(opts.tz ?? AHEAD_OF_ALL_ZONES, opts.now);
  const current = toStamp(today, hour);
  if (asked.end <= current) return asked;
  if (asked.start > current) {
    const option = opts.date !== undefined ? `--date ${opts.date}` : `--from ${opts.from}`;
    const where = opts.tz ?? 'in every time zone';
    throw new UsageError(`${option} is in the future: statistics run up to the current hour, ${stampLabel(current)} (${where}).`, {
      field: opts.date !== undefined ? '--date' : '--from',
      hint: 'Choose a range that has begun (today, yesterday, -Nd or a past date).',
    });
  }
  return { ...asked, end: current, clippedFrom: asked.end };
}

/** The date flags' own checks, which no zone changes: run before credentials are read, so a bad date is exit 2 anywhere. */
export function checkDateFlags(opts: Omit<DateOptions, 'tz'>): void {
  parseAsked({ ...opts, tz: 'UTC' });
}

export function stampDay(stamp: HourStamp): string {
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;
}

export function stampLabel(stamp: HourStamp): string {
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}`;
}

function parseAsked(opts: DateOptions): DateRange {
  const { date, from, to, tz, now } = opts;
  if (tz !== undefined && !isValidTimeZone(tz)) {
    throw new UsageError(`--tz: "${tz}" is not an IANA time zone.`, { field: '--tz' });
  }
  const today = (what: string) => () => {
    if (tz === undefined) throw zoneUnknown(what);
    return localDateHour(tz, now).date;
  };
  if (date !== undefined) {
    if (from !== undefined || to !== undefined) {
      throw new UsageError('--date cannot be combined with --from or --to.', {
        field: '--date',
        hint: 'Use --date for one whole day, or --from/--to for a range.',
      });
    }
    const t = parseDateToken('--date', date, today(`--date ${date.trim()}`));
    if (t.kind === 'hour') {
      throw refuse(
        '--date',
        date,
        'is an hour; --date takes a whole day.',
        `Use --date ${formatDay(t.date)}, or --from ${describe(t)} --to ${describe(t)} for that one hour.`,
      );
    }
    return { start: first(t), end: last(t), defaulted: false };
  }
  if (from === undefined && to === undefined) {
    const day = today('A report without --date, --from or --to (today by default)')();
    return { start: toStamp(day, 0), end: toStamp(day, 23), defaulted: true };
  }
  if (from === undefined) {
    throw new UsageError('--to needs --from.', { field: '--from', hint: 'Add --from <day>, or use --date <day>.' });
  }
  const f = parseDateToken('--from', from, today(`--from ${from.trim()}`));
  const t =
    to === undefined
      ? ({ kind: 'day', date: today('--from without --to (up to today)')() } as const)
      : parseDateToken('--to', to, today(`--to ${to.trim()}`));
  const range = { start: first(f), end: last(t), defaulted: false };
  if (range.start > range.end) {
    // Equal-length digit strings: lexical order is chronological order.
    throw new UsageError(`--from ${describe(f)} is after --to ${to === undefined ? `today (${describe(t)})` : describe(t)}.`, {
      field: '--from',
      hint: to === undefined ? 'A future --from needs a --to.' : 'Swap the two dates.',
    });
  }
  return range;
}

// Which days a sync fetches: first run --from (default 30 days back) to --to; later runs from the
// last complete day minus --lookback; and the days --accept-restated names, wherever they fall.
// Today is fetched but marked partial. Days are the account's.

import { UsageError } from '../core/errors.js';
import { addDays, dayNumber, formatDay, fromDayNumber, type CivilDate } from '../time/civil.js';
import { parseDateToken } from '../time/dates.js';

export const DEFAULT_BACKFILL_DAYS = 30;
export const MAX_DAYS = 3660;

export interface PlannedDay {
  date: string;
  /** Over when fetched; false for today. */
  complete: boolean;
}

export interface DayPlan {
  /** In day order, the accepted days among them. */
  days: PlannedDay[];
  /** Why the range starts where it does, for the summary and --dry-run. */
  basis: 'from' | 'backfill' | 'continue';
  /** --accept-restated's days (YYYY-MM-DD, each over), in day order: their answer is applied whatever it is. */
  accepted: string[];
}

/** What the user typed: the range's flags and --accept-restated's days (its comma list split). */
export interface DayFlags {
  from?: string;
  to?: string;
  accept?: readonly string[];
}

function dayToken(option: string, raw: string, today: CivilDate): CivilDate {
  const t = parseDateToken(option, raw, today);
  if (t.kind === 'hour') {
    throw new UsageError(`${option}: "${raw}" is an hour; masg sync keeps whole days.`, {
      field: option,
      hint: `Use ${option} ${formatDay(t.date)}.`,
    });
  }
  return t.date;
}

/** Any day: a token's form does not depend on it (only a relative token asks it, and none fails by it). */
const ANY_DAY: CivilDate = { year: 2000, month: 1, day: 1 };

/**
 * The date flags' own form (a date, today, yesterday, -Nd; never an hour), checked before the
 * warehouse is opened or an account's zone is known; planDays resolves them in the account's zone.
 */
export function checkDayFlags(flags: DayFlags): void {
  if (flags.from !== undefined) dayToken('--from', flags.from, ANY_DAY);
  if (flags.to !== undefined) dayToken('--to', flags.to, ANY_DAY);
  for (const d of flags.accept ?? []) dayToken('--accept-restated', d, ANY_DAY);
}

/** --accept-restated's days in the account's zone: each one over (a running day has no final answer to take). */
function acceptedDays(accept: readonly string[], today: CivilDate): string[] {
  const days = new Set<string>();
  for (const raw of accept) {
    const day = dayToken('--accept-restated', raw, today);
    if (dayNumber(day) >= dayNumber(today)) {
      throw new UsageError(
        `--accept-restated: ${formatDay(day)} is not over yet (today is ${formatDay(today)} in the account's time zone).`,
        {
          field: '--accept-restated',
          hint: 'Take a held day once it is over: name the days the held run printed.',
        },
      );
    }
    days.add(formatDay(day));
  }
  return [...days].sort();
}

export function planDays(opts: DayFlags & { lookback: number; today: CivilDate; lastComplete?: string }): DayPlan {
  const { today } = opts;
  const accepted = acceptedDays(opts.accept ?? [], today);
  const to = opts.to === undefined ? today : dayToken('--to', opts.to, today);
  if (dayNumber(to) > dayNumber(today)) {
    throw new UsageError(`--to ${formatDay(to)} is in the future (today is ${formatDay(today)} in the account's time zone).`, {
      field: '--to',
      hint: 'Days to come have no statistics yet: use --to today (the default).',
    });
  }
  let from: CivilDate;
  let basis: DayPlan['basis'];
  if (opts.from !== undefined) {
    from = dayToken('--from', opts.from, today);
    basis = 'from';
    if (dayNumber(from) > dayNumber(to)) {
      throw new UsageError(`--from ${formatDay(from)} is after --to ${formatDay(to)}.`, { field: '--from', hint: 'Swap the two days.' });
    }
  } else if (opts.lastComplete !== undefined) {
    const [y, m, d] = opts.lastComplete.split('-').map(Number) as [number, number, number];
    from = addDays({ year: y, month: m, day: d }, 1 - opts.lookback);
    basis = 'continue';
  } else {
    from = addDays(today, -DEFAULT_BACKFILL_DAYS);
    basis = 'backfill';
  }
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last - first + 1 > MAX_DAYS) {
    throw new UsageError(`${formatDay(from)} to ${formatDay(to)} is ${last - first + 1} days; one sync takes at most ${MAX_DAYS}.`, {
      field: '--from',
      hint: 'Sync in several runs with a later --from each time, or narrow the range.',
    });
  }
  const todayN = dayNumber(today);
  const days: PlannedDay[] = [];
  for (let n = first; n <= last; n++) days.push({ date: formatDay(fromDayNumber(n)), complete: n < todayN });
  // Accepted days outside the range are fetched too (each is over), in day order with the others.
  const planned = new Set(days.map((d) => d.date));
  const outside = accepted.filter((d) => !planned.has(d));
  if (outside.length > 0) {
    days.push(...outside.map((date) => ({ date, complete: true })));
    days.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  }
  return { days, basis, accepted };
}

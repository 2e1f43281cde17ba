// Which days a sync fetches: first run --from (default 30 days back) to --to; later runs from the
// last complete day minus --lookback. Today is fetched but marked partial. Days are the account's.

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
  days: PlannedDay[];
  /** Why the range starts where it does, for the summary and --dry-run. */
  basis: 'from' | 'backfill' | 'continue';
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

export function planDays(opts: { from?: string; to?: string; lookback: number; today: CivilDate; lastComplete?: string }): DayPlan {
  const { today } = opts;
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
  return { days, basis };
}

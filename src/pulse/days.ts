// Calendar days of the comparison: the day, the N days before it, and which of those are
// comparable with it (weekday with weekdays, weekend with weekend: traffic differs by a third).
import { addDays, dayNumber, formatDay, type CivilDate } from '../time/civil.js';

export function parseDay(day: string): CivilDate {
  const [year, month, d] = day.split('-').map(Number);
  return { year, month, day: d };
}

/** The `n` days before `day`, oldest first. */
export function baselineDates(day: string, n: number): string[] {
  const d = parseDay(day);
  return Array.from({ length: n }, (_, i) => formatDay(addDays(d, i - n)));
}

/** Days from `from` to `to` (may be negative). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(parseDay(to)) - dayNumber(parseDay(from));
}

export function plusDays(day: string, n: number): string {
  return formatDay(addDays(parseDay(day), n));
}

export function isWeekend(day: string): boolean {
  const d = parseDay(day);
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The baseline days of the same kind as `day` when there are at least two, else all of them. */
export function comparableDays(day: string, baseline: readonly string[]): string[] {
  const same = baseline.filter((b) => isWeekend(b) === isWeekend(day));
  return same.length >= 2 ? same : [...baseline];
}

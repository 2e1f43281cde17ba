// The real service sometimes corrects a past day, and a warehouse's --lookback must notice. A
// revision scales every primitive of a day's hours, rounded down per hour, so each hour's
// invariants hold and a range is still the sum of its hours.

import { addRange, HOURS_PER_DAY, type Series } from './series.js';

export interface Revision {
  /** `YYYY-MM-DD` in each account's own time zone. */
  day: string;
  factor: number;
  /** An incident's entity; absent = the whole account. */
  target?: string;
  only?: 'money';
  /** Only this account's figures (its e-mail); absent = every account. */
  account?: string;
}

/** The revisions that apply to an account; the same array when none is aimed at one account. */
export function revisionsOf(revisions: readonly Revision[] | undefined, account: string): readonly Revision[] | undefined {
  if (!revisions || revisions.every((r) => r.account === undefined)) return revisions;
  return revisions.filter((r) => r.account === undefined || r.account === account);
}

export function revisionsFor(revisions: readonly Revision[] | undefined, ...ids: string[]): readonly Revision[] | undefined {
  if (!revisions || revisions.every((r) => r.target === undefined)) return revisions;
  return revisions.filter((r) => r.target === undefined || ids.includes(r.target));
}

export function dayStartHour(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`revision day must be YYYY-MM-DD, got "${day}"`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 3_600_000;
}

export function checkRevision(r: Revision): Revision {
  dayStartHour(r.day);
  if (!(Number.isFinite(r.factor) && r.factor >= 0)) throw new RangeError(`revision factor must be a number ≥ 0, got ${r.factor}`);
  return r;
}

const hourAcc: number[] = [];

/** The unrevised sum, then each revised hour's difference. */
export function addRevisedRange(s: Series, from: number, to: number, acc: number[], revisions: readonly Revision[] | undefined): void {
  addRange(s, from, to, acc);
  if (!revisions || revisions.length === 0) return;
  for (const r of revisions) {
    const start = dayStartHour(r.day);
    for (let h = Math.max(from, start), end = Math.min(to, start + HOURS_PER_DAY); h < end; h++) {
      hourAcc.length = acc.length;
      hourAcc.fill(0);
      addRange(s, h, h + 1, hourAcc);
      // The money primitive is the last one of every series (cents).
      for (let i = r.only === 'money' ? acc.length - 1 : 0; i < acc.length; i++) acc[i] += Math.floor(hourAcc[i] * r.factor) - hourAcc[i];
    }
  }
}

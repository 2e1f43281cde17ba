// Revised figures: the real service sometimes corrects a past day (late fraud filtering, a
// billing fix), and a statistics warehouse must notice (its --lookback re-fetches recent days).
// A revision multiplies every primitive of every hour of one local day by a factor, rounded
// down per hour, so the invariants of each hour (requests ≥ impressions ≥ clicks, whole cents)
// still hold and a range is still exactly the sum of its hours. Only tests use this; revisions
// live in the sandbox state (persisted with it) through `Sandbox.revise(day, factor)`.

import { addRange, HOURS_PER_DAY, type Series } from './series.js';

export interface Revision {
  /** `YYYY-MM-DD`: a day in each account's own time zone (hours are nominal local hours). */
  day: string;
  /** Applied to every hourly primitive of that day, e.g. 1.1 for +10 %. */
  factor: number;
  /**
   * Only this publication, ad slot or campaign (an incident: Sandbox.incident); absent = every
   * figure of the account.
   */
  target?: string;
  /** Only the money primitive (earnings, spend): the traffic stays as it was. */
  only?: 'money';
}

/** The revisions that apply to a series of these entities (its own ID, its publication's). */
export function revisionsFor(revisions: readonly Revision[] | undefined, ...ids: string[]): readonly Revision[] | undefined {
  if (!revisions || revisions.every((r) => r.target === undefined)) return revisions;
  return revisions.filter((r) => r.target === undefined || ids.includes(r.target));
}

/** The first nominal local hour of a `YYYY-MM-DD` day. */
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

/** addRange with the revisions applied: the unrevised sum, then each revised hour's difference. */
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

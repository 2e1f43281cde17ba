// --interval: the service returns only a range's total, so a breakdown is one request per piece of nominal local hours
// (a day is 00..23 even on DST change days).

import { UsageError } from '../core/errors.js';
import {
  dayNumber,
  formatDay,
  formatHour,
  fromDayNumber,
  fromHourNumber,
  hourNumber,
  splitStamp,
  toStamp,
  type HourStamp,
} from './civil.js';

export type Interval = 'total' | 'day' | 'hour';

export interface RangePiece {
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH`: sorts as text, CSV-safe, a valid --from/--to token to drill down; `total`: `first/last`. */
  label: string;
  start: HourStamp;
  end: HourStamp;
}

/** More requests than this is a typo (a year by the hour is 8,784), not a report. */
export const MAX_PIECES = 10_000;

export function countPieces(start: HourStamp, end: HourStamp, interval: Interval): number {
  if (interval === 'total') return 1;
  if (interval === 'day') return dayNumber(splitStamp(end).date) - dayNumber(splitStamp(start).date) + 1;
  return hourNumber(end) - hourNumber(start) + 1;
}

/** Split an inclusive range into the requests to send, in order; `day` pieces may be partial at either end. */
export function splitRange(start: HourStamp, end: HourStamp, interval: Interval, opts: { maxPieces?: number } = {}): RangePiece[] {
  if (start > end) throw new Error(`splitRange: start ${start} is after end ${end}`); // caller's bug
  if (interval === 'total') return [{ label: `${formatHour(start)}/${formatHour(end)}`, start, end }];
  const count = countPieces(start, end, interval);
  const max = opts.maxPieces ?? MAX_PIECES;
  if (count > max) {
    throw new UsageError(
      `--interval ${interval} from ${formatHour(start)} to ${formatHour(end)} would send ` +
        `${count.toLocaleString('en-US')} requests; the limit is ${max.toLocaleString('en-US')}.`,
      { field: '--interval', hint: 'Narrow --from/--to, or use a coarser --interval.' },
    );
  }
  return interval === 'day' ? splitDays(start, end) : splitHours(start, end);
}

function splitDays(start: HourStamp, end: HourStamp): RangePiece[] {
  const first = dayNumber(splitStamp(start).date);
  const last = dayNumber(splitStamp(end).date);
  const pieces: RangePiece[] = [];
  for (let n = first; n <= last; n++) {
    const date = fromDayNumber(n);
    pieces.push({
      label: formatDay(date),
      start: n === first ? start : toStamp(date, 0),
      end: n === last ? end : toStamp(date, 23),
    });
  }
  return pieces;
}

function splitHours(start: HourStamp, end: HourStamp): RangePiece[] {
  const pieces: RangePiece[] = [];
  for (let n = hourNumber(start), last = hourNumber(end); n <= last; n++) {
    const stamp = fromHourNumber(n);
    pieces.push({ label: formatHour(stamp), start: stamp, end: stamp });
  }
  return pieces;
}

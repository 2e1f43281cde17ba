// "Nominal local hours": local wall-clock time numbered as if it were UTC, so a day is always 24
// of them, exactly how the API's YYYYMMDDHH stamps read.

import { invalid } from './errors.js';
import { lenientStampHour } from './java-stamp.js';

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const memo = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function localParts(at: Date, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) p[part.type] = Number(part.value);
  return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute };
}

/** Memoised: every slot asks for its creation hour. */
export function localHour(at: Date | string, timeZone: string): number {
  const key = `${timeZone}|${typeof at === 'string' ? at : at.toISOString()}`;
  let h = memo.get(key);
  if (h === undefined) {
    const p = localParts(typeof at === 'string' ? new Date(at) : at, timeZone);
    h = Date.UTC(p.y, p.mo - 1, p.d, p.h) / HOUR_MS;
    if (memo.size > 50_000) memo.clear();
    memo.set(key, h);
  }
  return h;
}

/** Leniently, as production's Java does (java-stamp.ts), with its error text. */
export function parseStamp(value: string): number {
  const hour = lenientStampHour(value);
  if (hour === undefined) throw invalid(`Unparseable date: "${value}"`);
  return hour;
}

/** MM-DD-YYYY HH:MM, as production shows campaign dates. */
export function campaignDate(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.mo)}-${two(p.d)}-${p.y} ${two(p.h)}:${two(p.mi)}`;
}

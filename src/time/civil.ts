// Calendar arithmetic on integers (days since 1970-01-01), not `Date`: the service labels nominal local hours,
// 00..23 even on DST change days, and `Date` maps years 0..99 to 19xx and invites local-zone conversions.

/** A 10-digit `YYYYMMDDHH` hour stamp in the account's local hours: what the service receives. */
export type HourStamp = string;

export interface CivilDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
export function dayNumber({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of dayNumber (Howard Hinnant's civil_from_days). */
export function fromDayNumber(n: number): CivilDate {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return fromDayNumber(dayNumber(date) + days);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatDay(d: CivilDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

export function toStamp(d: CivilDate, hour: number): HourStamp {
  return `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}${pad(hour)}`;
}

export function splitStamp(stamp: HourStamp): { date: CivilDate; hour: number } {
  return {
    date: { year: Number(stamp.slice(0, 4)), month: Number(stamp.slice(4, 6)), day: Number(stamp.slice(6, 8)) },
    hour: Number(stamp.slice(8, 10)),
  };
}

export function formatHour(stamp: HourStamp): string {
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}`;
}

/** Hours since 1970-01-01T00 in nominal local hours: for counting and stepping, never for instants. */
export function hourNumber(stamp: HourStamp): number {
  const { date, hour } = splitStamp(stamp);
  return dayNumber(date) * 24 + hour;
}

export function fromHourNumber(n: number): HourStamp {
  const days = Math.floor(n / 24);
  return toStamp(fromDayNumber(days), n - days * 24);
}

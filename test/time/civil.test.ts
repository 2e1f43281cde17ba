import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysInMonth, fromDayNumber, fromHourNumber, hourNumber } from '../../src/time/civil.js';

describe('calendar arithmetic agrees with Date.UTC', () => {
  it('for every day from 1600 to 2400', () => {
    const first = Date.UTC(1600, 0, 1) / 86_400_000;
    const last = Date.UTC(2400, 11, 31) / 86_400_000;
    for (let n = first; n <= last; n++) {
      const d = new Date(n * 86_400_000);
      const civil = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
      if (dayNumber(civil) !== n) throw new Error(`dayNumber(${JSON.stringify(civil)}) != ${n}`);
      const back = fromDayNumber(n);
      if (back.year !== civil.year || back.month !== civil.month || back.day !== civil.day) {
        throw new Error(`fromDayNumber(${n}) = ${JSON.stringify(back)}`);
      }
    }
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2000, 2, 29],
    [1900, 2, 28],
    [2024, 1, 31],
    [2024, 4, 30],
    [2024, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (y, m, n) => {
    expect(daysInMonth(y, m)).toBe(n);
  });

  it('addDays crosses month, leap day and year ends', () => {
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2023, month: 3, day: 1 }, -1)).toEqual({ year: 2023, month: 2, day: 28 });
    expect(addDays({ year: 2025, month: 1, day: 1 }, -1)).toEqual({ year: 2024, month: 12, day: 31 });
    expect(addDays({ year: 2024, month: 1, day: 31 }, 1)).toEqual({ year: 2024, month: 2, day: 1 });
  });

  it('hour numbers round-trip, before 1970 too', () => {
    for (const s of ['1969123123', '1970010100', '2024022923', '2024123123', '0001010100', '9999123123']) {
      expect(fromHourNumber(hourNumber(s))).toBe(s);
    }
  });
});

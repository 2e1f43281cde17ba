// Production reads `start`/`end` with Java's lenient `SimpleDateFormat("yyyyMMddHH")`: `2011043112`
// is 1 May 12:00, hour 24 the next day, trailing garbage is ignored, and only input with no field
// fails ("Unparseable date"). Here is that algorithm: fields in pattern order after skipped blanks,
// abutting ones limited to their width; each a DecimalFormat integer parse ("-", "∞", any Unicode
// digit, "E" exponent, then intValue()); then a lenient GregorianCalendar (Julian before 1582).
// Not reproduced: dates in the ten days the 1582 cutover skipped (Java's depend on earlier calls).

const NAN = '\uFFFD';
const INFINITY = '\u221E';
const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);
const LONG_MAX = 2n ** 63n - 1n;
const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000n;
/** Fixed date (days since Gregorian 0001-01-01 = 1) of 1970-01-01 and of the cutover, 1582-10-15. */
const EPOCH_FIXED = 719_163;
const CUTOVER_FIXED = 577_736;
const CUTOVER_YEAR = 1582;

interface Field {
  width: number;
  abutting: boolean;
}

const PATTERN: Field[] = [
  { width: 4, abutting: true }, // yyyy
  { width: 2, abutting: true }, // MM
  { width: 2, abutting: true }, // dd
  { width: 2, abutting: false }, // HH
];

/** The nominal hour production reads from a stamp, or undefined where it answers "Unparseable date". */
export function lenientStampHour(text: string): number | undefined {
  const values: number[] = [];
  let start = 0;
  for (const field of PATTERN) {
    let pos = start;
    for (;;) {
      if (pos >= text.length) return undefined;
      const c = text[pos];
      if (c !== ' ' && c !== '\t') break;
      pos++;
    }
    let limit = text.length;
    if (field.abutting) {
      // Counted from `start`, not after the skipped whitespace (as Java does).
      if (start + field.width > text.length) return undefined;
      limit = start + field.width;
    }
    const parsed = parseJavaInt(text.slice(0, limit), pos);
    if (!parsed) return undefined;
    values.push(parsed.value);
    start = parsed.end;
  }
  const [year, month, day, hour] = values as [number, number, number, number];
  return wallClockHour(year, (month - 1) | 0, day, hour);
}

/** DecimalFormat.parse(text, pos).intValue() for Java's integer instance; undefined = no number. */
function parseJavaInt(text: string, pos: number): { value: number; end: number } | undefined {
  if (text.startsWith(NAN, pos)) return { value: 0, end: pos + NAN.length };
  let p = pos;
  const negative = text[p] === '-';
  if (negative) p++;
  if (text.startsWith(INFINITY, p)) return { value: negative ? INT_MIN : INT_MAX, end: p + INFINITY.length };
  let digits = ''; // significant digits, leading zeros dropped
  let sawDigit = false;
  let exponent = 0;
  for (; p < text.length; p++) {
    const d = digitValue(text.charCodeAt(p));
    if (d >= 0) {
      sawDigit = true;
      if (d > 0 || digits !== '') digits += String(d);
      continue;
    }
    if (text[p] === 'E') {
      const exp = parseExponent(text, p + 1);
      if (exp) {
        exponent = exp.value;
        p = exp.end;
      }
    }
    break;
  }
  if (!sawDigit) return undefined;
  return { value: intValue(digits, digits.length + exponent, negative), end: p };
}

/** Ignored (the number ends before "E") unless it fits a long. */
function parseExponent(text: string, pos: number): { value: number; end: number } | undefined {
  let p = pos;
  const negative = text[p] === '-';
  if (negative) p++;
  let digits = '';
  let sawDigit = false;
  for (; p < text.length; p++) {
    const d = digitValue(text.charCodeAt(p));
    if (d < 0) break;
    sawDigit = true;
    digits += String(d);
  }
  if (!sawDigit) return undefined;
  const magnitude = BigInt(digits);
  if (magnitude > LONG_MAX + (negative ? 1n : 0n)) return undefined;
  // (int) of the long, then negated as an int.
  const asInt = Number(BigInt.asIntN(32, magnitude));
  return { value: negative ? -asInt | 0 : asInt, end: p };
}

/** DigitList → Long if it fits (then intValue wraps), else Double (then intValue saturates). */
function intValue(digits: string, decimalAt: number, negative: boolean): number {
  const significant = digits.replace(/0+$/, '');
  if (significant === '') return 0;
  if (decimalAt >= significant.length && decimalAt <= 19) {
    const magnitude = BigInt(significant) * 10n ** BigInt(decimalAt - significant.length);
    if (magnitude <= LONG_MAX || (negative && magnitude === LONG_MAX + 1n)) {
      return Number(BigInt.asIntN(32, negative ? -magnitude : magnitude));
    }
  }
  const double = Number(`.${significant}e${decimalAt}`) * (negative ? -1 : 1);
  if (Number.isNaN(double)) return 0;
  return Math.trunc(Math.min(INT_MAX, Math.max(INT_MIN, double)));
}

/** Character.digit(ch, 10) for one UTF-16 unit: ASCII digits and every other BMP decimal digit. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code < 0x80 || !isDecimalDigit(code)) return -1;
  let zero = code;
  while (isDecimalDigit(zero - 1)) zero--;
  return (code - zero) % 10;
}

const isDecimalDigit = (code: number): boolean => code >= 0 && /^\p{Nd}$/u.test(String.fromCharCode(code));

const floorDiv = (a: number, b: number): number => Math.floor(a / b);

/** BaseCalendar.getFixedDate for Gregorian year/month (1-12)/day. */
function gregorianFixed(year: number, month: number, day: number): number {
  const prev = year - 1;
  let days = day + 365 * prev + floorDiv(prev, 4) - floorDiv(prev, 100) + floorDiv(prev, 400) + floorDiv(367 * month - 362, 12);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month > 2) days -= leap ? 1 : 2;
  return days;
}

/** JulianCalendar.getFixedDate (its epoch, 0001-01-01 Julian, is fixed date -1). */
function julianFixed(year: number, month: number, day: number): number {
  let days = -1 - 1 + 365 * (year - 1) + day + floorDiv(year - 1, 4) + floorDiv(367 * month - 362, 12);
  if (month > 2) days -= ((year % 4) + 4) % 4 === 0 ? 1 : 2;
  return days;
}

/** GregorianCalendar.getFixedDate(cal, year, fields): months out of range move the (int) year. */
function monthFixed(calendar: typeof gregorianFixed, year: number, month: number, day: number): number {
  let y = year;
  let m = month;
  if (m > 11) {
    y = (y + Math.trunc(m / 12)) | 0;
    m %= 12;
  } else if (m < 0) {
    y = (y + floorDiv(m, 12)) | 0;
    m = ((m % 12) + 12) % 12;
  }
  return calendar(y, m + 1, 1) + day - 1;
}

/** GregorianCalendar.computeTime (lenient), stopping at wall-clock time, as a nominal hour. */
function wallClockHour(year: number, month: number, day: number, hour: number): number {
  const dayShift = floorDiv(hour, 24);
  const timeOfDay = (hour - dayShift * 24) * 3_600_000;
  let fixed: number;
  if (year > CUTOVER_YEAR) {
    const g = dayShift + monthFixed(gregorianFixed, year, month, day);
    fixed = g >= CUTOVER_FIXED ? g : dayShift + monthFixed(julianFixed, year, month, day);
  } else if (year < CUTOVER_YEAR) {
    // A Julian year whose date lands past the cutover keeps the Julian reckoning (Java does).
    fixed = dayShift + monthFixed(julianFixed, year, month, day);
  } else {
    const g = dayShift + monthFixed(gregorianFixed, year, month, day);
    const j = dayShift + monthFixed(julianFixed, year, month, day);
    fixed = g >= CUTOVER_FIXED ? g : j;
  }
  // long arithmetic: a year near 2^31 overflows 64 bits, and Java wraps.
  const millis = BigInt.asIntN(64, BigInt(fixed - EPOCH_FIXED) * BigInt(MS_PER_DAY) + BigInt(timeOfDay));
  const hours = millis / MS_PER_HOUR;
  return Number(millis < 0n && hours * MS_PER_HOUR !== millis ? hours - 1n : hours);
}

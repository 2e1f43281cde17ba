// `--out FILE` for data commands: the format follows the file's extension unless -o says
// otherwise, and never a table (a file is data, not a terminal).
import { UsageError } from '../core/errors.js';
import { stampDay } from '../time/dates.js';

export { outFile } from '../output/out-format.js';

const PLACEHOLDER = /\{([^{}]*)\}/g;
const PLACEHOLDERS = ['date', 'from', 'to'] as const;

/**
 * A statistics report's --out may name the days it holds: `{date}` (the day of a one-day
 * report), `{from}` and `{to}` (the range's first and last day), each YYYY-MM-DD in the account's
 * zone, the same days the requested stamps name. Anything else in braces is refused (exit 2)
 * before credentials are read: a typo must not become a file name.
 */
export function checkOutTemplate(out: string | undefined): void {
  if (out === undefined) return;
  for (const [whole, name] of out.matchAll(PLACEHOLDER)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new UsageError(`--out: ${whole} is not a placeholder.`, {
        field: '--out',
        hint: 'The placeholders are {date} (a one-day report), {from} and {to} (its first and last day).',
      });
    }
  }
}

/** --out with its placeholders filled from the resolved range (10-digit hour stamps in the account's zone). */
export function expandOut(out: string | undefined, range: { start: string; end: string }): string | undefined {
  if (out === undefined) return undefined;
  checkOutTemplate(out);
  const from = stampDay(range.start);
  const to = stampDay(range.end);
  return out.replace(PLACEHOLDER, (_whole, name: string) => {
    if (name === 'from') return from;
    if (name === 'to') return to;
    if (from !== to) {
      throw new UsageError(`--out: {date} names one day, and this report covers ${from} to ${to}.`, {
        field: '--out',
        hint: 'Use {from} and {to} for a range of days, or --date <day> for one day.',
      });
    }
    return from;
  });
}

// The pulse for SDK users (exported by src/index.ts): the pure analysis over rows they have
// (`analysePulse`), or `pulse(client, …)`, which reads the rows through the client as the CLI does.
import { UsageError } from '../core/errors.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import { isValidTimeZone } from '../time/zone.js';
import type { MasgClient } from '../sdk/types.js';
import { analysePulse } from './analyse.js';
import { fetchLive } from './live.js';
import { DEFAULT_RULES, type PulseRules } from './rules.js';
import type { PulseReport } from './types.js';

export { analysePulse } from './analyse.js';
export { DEFAULT_RULES, parseRules, type PulseRules, type Band } from './rules.js';
export type * from './types.js';

export interface PulseOptions {
  /** The day, YYYY-MM-DD in the account's zone. */
  date: string;
  /** The account's IANA zone (else the client's; absolute days need none). */
  timeZone?: string;
  /** Days before `date` to compare with (default 7). */
  baselineDays?: number;
  rules?: PulseRules;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** The pulse of a day, read through `client`: the same requests and analysis as `masg pulse`. */
export async function pulse(client: MasgClient, opts: PulseOptions): Promise<PulseReport> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) throw new UsageError(`date: "${opts.date}" is not YYYY-MM-DD.`, { field: 'date' });
  if (opts.timeZone !== undefined && !isValidTimeZone(opts.timeZone))
    throw new UsageError(`timeZone: "${opts.timeZone}" is not an IANA time zone.`, { field: 'timeZone' });
  const baselineDays = opts.baselineDays ?? 7;
  if (!Number.isInteger(baselineDays) || baselineDays < 1 || baselineDays > 90) {
    throw new UsageError(`baselineDays: ${baselineDays} is not a number of days from 1 to 90.`, { field: 'baselineDays' });
  }
  const rows = await fetchLive(client, {
    date: opts.date,
    baselineDays,
    timeZone: opts.timeZone,
    concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
  return analysePulse(
    { ...rows, date: opts.date, baselineDays, timeZone: opts.timeZone, generatedAt: new Date().toISOString() },
    opts.rules ?? DEFAULT_RULES,
  );
}

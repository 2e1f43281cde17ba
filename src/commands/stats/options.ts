// Flags shared by `pub stats`, `slot stats` and `campaign stats`.
import type { Command } from 'commander';
import { INTERVALS } from '../../schema/enums.js';
import { DEFAULT_CONCURRENCY } from '../../config/defaults.js';
import { parseConcurrency } from '../../core/pool.js';
import { STATS_OUT_OPTION } from '../../command-kit/out-option.js';
import type { Support } from '../../command-kit/define.js';

export interface StatsFlags {
  date?: string;
  from?: string;
  to?: string;
  tz?: string;
  interval?: string;
  concurrency?: number;
  out?: string;
  chart?: boolean;
}

/** --raw prints one answer of the service; a chart draws masg's own figures of many. */
export const STATS_SUPPORTS: { raw: Support<StatsFlags>; dryRun: true } = {
  raw: (opts) =>
    opts.chart ? { when: 'with --chart', hint: "--chart draws the figures; --raw prints the service's body: choose one." } : true,
  dryRun: true,
};

export function addStatsOptions(cmd: Command): Command {
  return cmd
    .option('--date <day>', 'one whole day: YYYY-MM-DD, today, yesterday or -Nd (default: today)')
    .option('--from <time>', 'start: YYYY-MM-DD (from 00:00), YYYY-MM-DDTHH, YYYYMMDDHH, today, yesterday, -Nd')
    .option('--to <time>', 'end, inclusive: YYYY-MM-DD (until 23:59), YYYY-MM-DDTHH, YYYYMMDDHH, today, yesterday, -Nd')
    .option('--tz <zone>', "the account's IANA time zone, for today/yesterday/-Nd (default: MASG_TIMEZONE, else the profile's)")
    .option('--interval <interval>', `${INTERVALS.join(', ')}: one row per day or hour needs one request each`, 'total')
    .option(
      '--concurrency <n>',
      'requests in flight at once: the pieces of --interval day|hour, and accounts with several profiles',
      parseConcurrency,
      DEFAULT_CONCURRENCY,
    )
    .option(...STATS_OUT_OPTION)
    .option(
      '--chart',
      'draw impressions, clicks and earnings (spend for campaigns) per interval on the terminal; needs --interval day|hour',
    );
}

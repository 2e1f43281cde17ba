// `masg sync`: keep a database (DuckDB file or PostgreSQL) of the account's statistics up to
// date. Metadata only here; the work is in src/warehouse/, loaded when the command runs.
import type { SyncFlags } from '../warehouse/sync.js';
import { defineTopCommand } from '../command-kit/define.js';
import { DEFAULT_CONCURRENCY, DEFAULT_LOOKBACK_DAYS } from '../config/defaults.js';

/** The flags, as src/warehouse/sync.ts takes them (a type only: nothing of it loads here). */
export type SyncOptions = SyncFlags;

/**
 * Node 22 and later size the young generation to the machine: a first sync of 90 days of a
 * mid-size account peaked at 346 MB on Node 24 and 265 MB on Node 26 (226 MB on Node 20); with
 * 8 MB semi-spaces, 237 and 211 MB at the same speed. V8 reads the size only as a process starts.
 */
const SYNC_NODE_FLAGS = ['--max-semi-space-size=8'];

export const sync = defineTopCommand<SyncOptions>({
  name: 'sync',
  configure: (cmd) =>
    cmd
      .option(
        '--db <target>',
        'a DuckDB file, or a postgres://USER:PASSWORD@HOST/DB URL (default: $MASG_DB, else $XDG_DATA_HOME/masg/stats.duckdb; with --sandbox, a file beside the sandbox state)',
      )
      .option(
        '--from <day>',
        'first day: YYYY-MM-DD, today, yesterday or -Nd (default: 30 days back on the first run, then where the last run stopped)',
      )
      .option('--to <day>', 'last day, inclusive (default: today, kept as partial and fetched again next time)')
      .option('--tz <zone>', "the account's IANA time zone (default: the profile's or MASG_TIMEZONE; never guessed from the system)")
      .option('--lookback <n>', 'days before the last complete one to fetch again, for late corrections', String(DEFAULT_LOOKBACK_DAYS))
      .option('--grain <grain>', 'day, or hour: one request per hour, into the *_hourly tables', 'day')
      .option('--concurrency <n>', 'requests in flight at once', String(DEFAULT_CONCURRENCY)),
  examples: [
    'masg sync',
    'masg sync --from -90d --db ~/stats.duckdb',
    'masg sync --grain hour --from yesterday --quiet',
    'masg sync --dry-run',
  ],
  async run(ctx, opts) {
    await ctx.io.restartWith?.(SYNC_NODE_FLAGS);
    const { runSync } = await import('../warehouse/sync.js');
    return runSync(ctx, opts);
  },
});

// The top-level commands in help order, auth's (auth/index.ts) first: what they take, declared for
// help and parsing, as one section (registry.ts); each handler is imported when its command runs.
import { Argument, Option } from 'commander';
import type { CommandSpec } from '../command-kit/define.js';
import { authCommands } from './auth/index.js';
import { UsageError } from '../core/errors.js';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_LOOKBACK_DAYS,
  DEFAULT_MCP_RATE_PER_MINUTE,
  DEFAULT_QUERY_SECONDS,
  MAX_BASELINE_DAYS,
  parseLookback,
} from '../config/defaults.js';
import { parseConcurrency } from '../core/pool.js';

const MCP_TOKEN_ACTIONS = ['create', 'list', 'revoke'] as const;

/** `masg completion`'s shells; test/completion/drift.test.ts checks them against src/completion/scripts.ts. */
const SHELLS = ['bash', 'zsh', 'fish'];

const upperMethod = (value: string): 'GET' | 'POST' => {
  const m = value.toUpperCase();
  if (m !== 'GET' && m !== 'POST')
    throw new UsageError(`-X: "${value}" is not GET or POST (the only methods the service has).`, { field: '-X' });
  return m;
};
const repeat = (value: string, previous: string[] = []) => [...previous, value];

const otherCommands: CommandSpec[] = [
  {
    name: 'api',
    summary: 'Call any endpoint and print the response body as received',
    configure: (cmd) =>
      cmd
        .argument('<path>', 'endpoint path under the base URL, e.g. publication/list (a .xml or .json suffix sets the format)')
        .addOption(new Option('-X, --method <method>', 'GET or POST').argParser(upperMethod).default('GET'))
        .addOption(
          new Option(
            '-f, --field <key=value>',
            'a parameter, sent literally; repeat for more (GET: query string, POST: form body)',
          ).argParser(repeat),
        ),
    examples: [
      'masg api publication/list -f status=ACTIVE',
      'masg api publication/list --raw json',
      'masg api adslot/065340ff-a0e4-4d32-85bc-80d05081f3ee -X POST -f name="Top banner" -f formats=banner',
      'masg api publication/statistics.json -f start=2026060100 -f end=2026060123 -f level=adslot',
    ],
    handler: async () => (await import('./api.js')).api,
  },
  {
    name: 'sandbox',
    summary: 'Run the local sandbox service in the foreground (Ctrl-C stops it)',
    configure: (cmd) =>
      cmd
        .option('--port <n>', 'port to listen on (default: a free one)')
        .option('--host <address>', 'address to listen on', '127.0.0.1')
        .option('--data <file>', 'JSON file that keeps the state between runs (default: in memory)')
        .option('--seed <n>', 'seed of the demo data and statistics (an existing --data file keeps its own)', '1')
        .option('--latency <ms>', 'added latency per request, e.g. 200 or 100-800')
        .option(
          '--faults <spec>',
          'inject faults: KIND=probability,… with KIND one of drop, reset, 503, 429, 502 (request not applied) or ' +
            'drop-after, 500, truncate, malformed (applied), drop-tags (applied without tags, as production); also latency=MS|MIN-MAX, retry-after=S, seed=N, path=SUBSTRING. ' +
            'e.g. 503=0.2,429=0.1,drop-after=0.05',
        )
        .option('--scale <PxS[xC]>', 'benchmark data: P publications × S ad slots each (× C countries, default 40), e.g. 2000x5')
        .option(
          '--accounts <n>',
          'also serve N generated accounts (acct-01@sandbox.masg.test …), each with its own data and time zone, for many-account runs',
        )
        .option('--log', 'print one line per request (time, method, path, status, ms, fault); the default on a terminal')
        .option('--no-log', 'do not print a line per request')
        .option(
          '--reset',
          "delete the sandbox state and exit: the --data file if given, else --sandbox's state (<config dir>/sandbox/state.json); " +
            'the next start creates fresh demo data',
        ),
    examples: [
      'masg sandbox --port 8080 --data ./sandbox.json',
      'masg sandbox --faults 503=0.2,429=0.1 --latency 100-800',
      'masg sandbox --accounts 10   # ten more accounts, Pacific/Kiritimati, America/Los_Angeles, …',
      'masg sandbox --reset   # start --sandbox over with fresh demo data',
      'MASG_BASE_URL=http://127.0.0.1:8080 MASG_EMAIL=demo@sandbox.masg.test MASG_DEVELOPER_KEY=demo-developer-key MASG_TIMEZONE=America/New_York masg pub list   # in another terminal',
    ],
    handler: async () => (await import('./sandbox.js')).sandbox,
  },
  {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish',
    configure: (cmd) => cmd.addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS)),
    examples: [
      'mkdir -p ~/.local/share/bash-completion/completions && masg completion bash > ~/.local/share/bash-completion/completions/masg',
      'mkdir -p ~/.zfunc && masg completion zsh > ~/.zfunc/_masg   # and fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
      'mkdir -p ~/.config/fish/completions && masg completion fish > ~/.config/fish/completions/masg.fish',
    ],
    handler: async () => (await import('./completion.js')).completion,
  },
  {
    name: 'sync',
    summary: 'Keep a DuckDB or PostgreSQL database of the statistics up to date (incremental, safe to re-run)',
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
        .option(
          '--lookback <n>',
          'days before the last complete one to fetch again, for late corrections',
          parseLookback,
          DEFAULT_LOOKBACK_DAYS,
        )
        .option('--grain <grain>', 'day, or hour: one request per hour, into the *_hourly tables', 'day')
        .option('--concurrency <n>', 'requests in flight at once', parseConcurrency, DEFAULT_CONCURRENCY)
        .option(
          '--status',
          'show, per account, the days held (final and provisional), gaps, restated and held days, the last run and the service it was synced from; syncs nothing',
        )
        .option(
          '--hold-cut <percent>',
          'hold a day fetched again whose impressions or earnings would fall by more than this (an emptied day is always held)',
          '50',
        )
        .option(
          '--accept-restated <days>',
          'take the held answers of these days (YYYY-MM-DD, yesterday or -Nd; comma-separated), as the held run named them',
        ),
    examples: [
      'masg sync',
      'masg sync --from -90d --db ~/stats.duckdb',
      'masg sync --grain hour --from yesterday --quiet',
      'masg sync --dry-run',
      'masg sync --status',
    ],
    handler: async () => (await import('./sync.js')).sync,
  },
  {
    name: 'pulse',
    summary: 'How a day went: headline figures against the days before, movers, and findings (exit 9 on an alert)',
    configure: (cmd) =>
      cmd
        .option('--date <day>', "the day to look at: YYYY-MM-DD, yesterday, -Nd (default: yesterday in the account's zone)")
        .option('--baseline <n>', `days before it to compare with (1-${MAX_BASELINE_DAYS})`, '7')
        .option(
          '--db [target]',
          'read a masg sync warehouse (DuckDB file or postgres:// URL; bare: the one masg sync writes) when it holds every day (default: $MASG_DB)',
        )
        .option('--html <file>', 'also write a self-contained HTML page (charts, tables), atomically; {date} becomes the day (YYYY-MM-DD)')
        .option('--rules <file>', 'thresholds, minimum volumes and ignored entities (JSON); see docs/pulse.md')
        .option('--tz <zone>', "the account's IANA time zone, for yesterday/today/-Nd (default: MASG_TIMEZONE, else the profile's)")
        .option('--concurrency <n>', 'requests in flight at once when reading the service', parseConcurrency, DEFAULT_CONCURRENCY)
        .option('--notify [url]', "post new and cleared alerts to a webhook (Slack-compatible); bare: $MASG_NOTIFY_URL or the profile's")
        .option('--notify-format <format>', 'what --notify posts: slack (text and blocks) or json (the -o json report and its changes)'),
    examples: [
      'masg pulse',
      'masg pulse --date -2d --baseline 28 -o json',
      "masg pulse --quiet --html pulse.html -o json > pulse.json || { rc=$?; [ $rc -eq 9 ] || [ $rc -eq 8 ]; }   # 9: alerts; 8: an account without a report (the others' alerts are there): see pulse.html",
    ],
    handler: async () => (await import('./pulse.js')).pulse,
  },
  {
    name: 'sql <query>',
    summary: 'Run a SQL query on the warehouse of masg sync and print the result (-o table|csv|tsv|json|ndjson)',
    configure: (cmd) =>
      cmd
        .option('--db <target>', 'a DuckDB file or a postgres:// URL (default: $MASG_DB, else $XDG_DATA_HOME/masg/stats.duckdb)')
        .option('--out <file>', 'write to FILE atomically, in the format of its extension: .csv .tsv .json .ndjson .parquet')
        .option('--write', 'allow statements that change the database (default: read-only)'),
    examples: [
      `masg sql "SELECT country, sum(earnings) FROM publisher_stats GROUP BY country"`,
      `masg sql "SELECT * FROM publisher_stats" --out stats.parquet`,
      `masg sql "SELECT * FROM campaign_stats WHERE date >= DATE '2026-01-01'" --out spend.csv`,
    ],
    handler: async () => (await import('./sql.js')).sql,
  },
  {
    name: 'mcp',
    summary: 'Serve the account to AI agents over the Model Context Protocol (stdio, or HTTP with tokens); read-only unless --allow-writes',
    configure: (cmd) =>
      cmd
        .option('--allow-writes', 'also offer create/update tools for publications and ad slots (each needs a confirmation token)')
        .option(
          '--db <target>',
          'the warehouse warehouse_query and warehouse_status read (default: $MASG_DB, else the default file if it exists)',
        )
        .option('--query-timeout <seconds>', 'stop a warehouse_query statement after this long', String(DEFAULT_QUERY_SECONDS))
        .option(
          '--http <[host:]port>',
          'serve Streamable HTTP at /mcp instead of stdio (loopback unless TLS or --behind-proxy, then with --public-url; 0: a free port)',
        )
        .option('--tls-cert <file>', 'with --http: serve https with this certificate (PEM)')
        .option('--tls-key <file>', "with --http: the certificate's private key (PEM)")
        .option('--behind-proxy', 'with --http: plain HTTP beyond loopback, for a TLS-terminating proxy in front (needs --public-url)')
        .option(
          '--public-url <url>',
          'with --http: the address clients use (https://HOST), needed beyond loopback; Host and Origin must name it',
        )
        .option('--rate-limit <per-minute>', 'with --http: requests a minute per token', String(DEFAULT_MCP_RATE_PER_MINUTE)),
    examples: [
      'masg --sandbox mcp',
      'masg mcp --allow-writes',
      'masg mcp --db stats.duckdb --query-timeout 10',
      'masg mcp --http 8765',
      'masg mcp --http 0.0.0.0:443 --tls-cert cert.pem --tls-key key.pem --public-url https://mcp.example.com',
    ],
    handler: async () => (await import('./mcp.js')).mcp,
    subcommands: [
      {
        name: 'token',
        summary: 'Bearer tokens of masg mcp --http: create (printed once), list, revoke',
        configure: (cmd) =>
          cmd
            .addArgument(new Argument('<action>', 'create, list or revoke').choices(MCP_TOKEN_ACTIONS))
            .argument('[name]', "the token's name (create, revoke)")
            .option('--read-only', 'create: no write tool, even on an --allow-writes server')
            .option('--expires <duration>', 'create: the token stops working after this long (30d, 12h, 90m; default: never)'),
        examples: [
          'masg mcp token create alice --profile acme,globex --expires 30d',
          'masg mcp token create dashboard --all-profiles --read-only',
          'masg mcp token list',
          'masg mcp token revoke alice',
        ],
        handler: async () => (await import('./mcp-token.js')).mcpToken,
      },
    ],
  },
];

export const topLevelCommands: CommandSpec[] = [...authCommands, ...otherCommands];

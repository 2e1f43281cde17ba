// `masg help <topic>`: reference pages that belong to no single command. Written one entry or
// paragraph per line: `masg help` wraps them to the terminal (continuations under the description
// column), and an example (`  $ …`) is broken only with a trailing `\`, so it still pastes. The facts come from
// the product brief (docs: exit codes, environment, date syntax); keep them in step with it.
export const HELP_TOPICS: Record<string, { summary: string; text: string }> = {
  'exit-codes': {
    summary: 'what each exit status of masg means',
    text: `Exit codes

  0    success, including an empty result
  1    unexpected internal error (run again with --debug, and report it if it persists)
  2    usage or validation error, found before anything was sent
  3    missing configuration or credentials, or input needed but no terminal to ask
  4    credentials rejected by the service (masg-error codes 1000-1004)
  5    the service rejected the request (any other masg-error), or a requested change did not take effect (e.g. a status move the service ignored, or tags it did not keep)
  6    network failure, timeout, malformed or non-service response, 5xx after retries
  7    a local file could not be written or read (disk full, read-only, permission, file size limit): the message names the file and the cause; an earlier --out file is unchanged, and results of changes already applied are printed or saved
  8    partial success: some items of a multi-item operation failed (masg sync: a day was held, its new figures not applied)
  9    masg pulse: the report was printed and at least one finding is an alert
  130  interrupted (Ctrl-C)

Scripts can rely on these: e.g. retry on 6, alert a human on 3 or 4, free disk space on 7, mail the pulse on 9.
`,
  },
  environment: {
    summary: 'environment variables masg reads',
    text: `Environment

  MASG_PROFILE        credentials profile to use (like --profile; default: the one masg switch chose, else "default")
  MASG_BASE_URL       service base URL, may include a path prefix (like --base-url)
  MASG_EMAIL          account e-mail; with MASG_DEVELOPER_KEY, credentials for cron and CI
  MASG_DEVELOPER_KEY  developer key; overrides the profile's (never pass a key as an argument)
  MASG_TIMEZONE       the account's IANA time zone (like --tz; overrides the profile's): today, yesterday, -Nd and masg sync's days are counted in it
  MASG_CONFIG_DIR     where profiles (and the completion cache) live (default: $XDG_CONFIG_HOME/masg, else ~/.config/masg)
  MASG_KEYRING        0: keep the key in config.json, never the system keyring (like login --no-keyring)
  MASG_COMPLETION_DEADLINE_MS
                      how long Tab waits for live IDs (default 1500, 100-60000)
  MASG_NOTIFY_URL     the webhook of masg pulse --notify, a secret like the key; overrides the profile's (masg notify-url set)
  MASG_DB             database of masg sync and masg sql (like --db): a DuckDB file or a postgres:// URL (default: $XDG_DATA_HOME/masg/stats.duckdb)
  NO_COLOR            set to anything: no colour (like --color never)
  FORCE_COLOR         set: colour even when not on a terminal (like --color always)
  HTTP_PROXY, HTTPS_PROXY, NO_PROXY
                      proxy for requests to the service, and hosts that bypass it

Precedence: command-line flag > environment > profile > default.
`,
  },
  dates: {
    summary: 'date and time syntax of the statistics commands',
    text: `Dates in statistics commands

  --date <day>              one whole day
  --from <t> --to <t>       a range; each <t> is one of:
      YYYY-MM-DD            a whole day, e.g. 2026-03-01
      YYYY-MM-DDTHH         one hour, e.g. 2026-03-01T08
      YYYYMMDDHH            a 10-digit stamp as the service writes it, e.g. 2026030108
      today, yesterday      in the time zone below
      -Nd                   N days ago, e.g. -7d
  --tz <IANA zone>          the account's zone, e.g. Europe/Berlin (default: MASG_TIMEZONE, else the profile's; never this computer's)

The service counts hours in the account's time zone; a day is hours 00 to 23 of that day. With no zone known, today, yesterday, -Nd and no date at all are refused (exit 3); absolute days and hours still work. A range stops at the current hour: later hours have not happened (a notice says so).

Examples:
  $ masg pub stats --date yesterday
  $ masg pub stats --from -7d --to yesterday --interval day
  $ masg slot stats 0653 --from -2d --to yesterday --interval hour --tz Europe/Berlin
`,
  },
};

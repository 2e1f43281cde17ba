// The wiring between the command line and the handlers: for each row, `main(argv)` runs the real
// commander program (src/cli.ts) and the handler's run() is intercepted, so the row states exactly
// the options object, the arguments and the global options the handler is given, defaults
// included. Nothing is sent anywhere: no handler runs. A flag renamed in a configure(), a lost
// default or a global option that stops reaching the context fails here, whatever the handler does.
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkOptions } from '../../src/bulk/options.js';
import { main } from '../../src/cli.js';
import type { GlobalOptions, Io } from '../../src/context.js';
import type { CommandDef } from '../../src/command-kit/define.js';
import { commandTable } from '../../src/commands/index.js';
import { advList } from '../../src/commands/adv/list.js';
import { advView } from '../../src/commands/adv/view.js';
import { switchProfile } from '../../src/commands/auth/switch.js';
import { notifyUrl } from '../../src/commands/auth/notify-url.js';
import { api } from '../../src/commands/api.js';
import { login } from '../../src/commands/auth/login.js';
import { logout } from '../../src/commands/auth/logout.js';
import { profiles } from '../../src/commands/auth/profiles.js';
import { whoami } from '../../src/commands/auth/whoami.js';
import { campaignList } from '../../src/commands/campaign/list.js';
import { campaignStats } from '../../src/commands/campaign/stats.js';
import { campaignView } from '../../src/commands/campaign/view.js';
import { completion } from '../../src/commands/completion.js';
import { pubCreate } from '../../src/commands/pub/create.js';
import { pulse } from '../../src/commands/pulse.js';
import { pubList } from '../../src/commands/pub/list.js';
import { pubStats } from '../../src/commands/pub/stats.js';
import { pubUpdate } from '../../src/commands/pub/update.js';
import { pubView } from '../../src/commands/pub/view.js';
import { sandbox } from '../../src/commands/sandbox.js';
import { slotCreate, type SlotCreateOptions } from '../../src/commands/slot/create.js';
import { slotList } from '../../src/commands/slot/list.js';
import { slotStats } from '../../src/commands/slot/stats.js';
import { slotUpdate } from '../../src/commands/slot/update.js';
import { slotView } from '../../src/commands/slot/view.js';
import { sql } from '../../src/commands/sql.js';
import { mcp } from '../../src/commands/mcp.js';
import { mcpToken } from '../../src/commands/mcp-token.js';
import { sync } from '../../src/commands/sync.js';

/** The global options every command's context gets when none is given. */
const DEFAULT_GLOBALS: GlobalOptions = { header: true, color: 'auto', timeout: 30, connectTimeout: 10, retries: 3 };

/** The names of the program's own (global) options, as commander keys them. */
const GLOBAL_KEYS = [
  'profile',
  'baseUrl',
  'sandbox',
  'output',
  'raw',
  'fields',
  'header',
  'wide',
  'color',
  'quiet',
  'debug',
  'timeout',
  'connectTimeout',
  'retries',
  'deadline',
  'dryRun',
] as const;

interface Row {
  argv: string[];
  def: CommandDef<never>;
  opts: object;
  args: string[];
  /** Global options that differ from DEFAULT_GLOBALS. */
  globals: Partial<GlobalOptions>;
}

/** One row; `opts` is typed as the handler's own options type, so the table cannot drift from it. */
function row<O>(argv: string, def: CommandDef<O>, opts: O, args: string[] = [], globals: Partial<GlobalOptions> = {}): Row {
  return { argv: argv.split(' '), def: def as unknown as CommandDef<never>, opts: opts as object, args, globals };
}

const none = {};

const ROWS: Row[] = [
  // Publications
  row('pub list', pubList, none),
  row('publication list', pubList, none),
  row('pub list --status ACTIVE --out pubs.csv -o csv', pubList, { status: 'ACTIVE', out: 'pubs.csv' }, [], { output: 'csv' }),
  row('pub view abcd1234', pubView, none, ['abcd1234']),
  row('pub view abcd1234 --raw json', pubView, none, ['abcd1234'], { raw: 'json' }),
  row('pub create --type IPHONE_APP --name N --description D --transparent true --languages en,es --requests 1000', pubCreate, {
    type: 'IPHONE_APP',
    name: 'N',
    description: 'D',
    transparent: 'true',
    languages: 'en,es',
    requests: '1000',
  }),
  row('pub update a b --status PAUSED -y', pubUpdate, { concurrency: 4, status: 'PAUSED', yes: true }, ['a', 'b']),
  row('pub update --from f.csv --encoding latin1 --results r.csv --concurrency 2 --continue-on-error', pubUpdate, {
    concurrency: 2,
    from: 'f.csv',
    encoding: 'latin1',
    results: 'r.csv',
    continueOnError: true,
  }),
  row('pub stats', pubStats, { level: 'publication', interval: 'total', concurrency: 4 }),
  row(
    'pub stats p1 --level adslot --by-country --date yesterday --interval day --chart',
    pubStats,
    { level: 'adslot', interval: 'day', concurrency: 4, byCountry: true, date: 'yesterday', chart: true },
    ['p1'],
  ),
  row('pub stats --from 2024-01-01 --to 2024-01-31T12 --tz Europe/Berlin', pubStats, {
    level: 'publication',
    interval: 'total',
    concurrency: 4,
    from: '2024-01-01',
    to: '2024-01-31T12',
    tz: 'Europe/Berlin',
  }),
  // Ad slots
  row('slot list', slotList, none),
  row('adslot list --publication p1', slotList, { publication: 'p1' }),
  row('slot view s1', slotView, none, ['s1']),
  // The handler reads its bulk flags through a cast (src/commands/slot/create.ts); they are still its options.
  row<SlotCreateOptions & BulkOptions>('slot create --publication p1 --name S --formats banner,text --tags a,b', slotCreate, {
    concurrency: 4,
    publication: 'p1',
    name: 'S',
    formats: 'banner,text',
    tags: 'a,b',
  }),
  row<SlotCreateOptions & BulkOptions>('slot create --from new.csv', slotCreate, { concurrency: 4, from: 'new.csv' }),
  row('slot update s1 --tags x --name N', slotUpdate, { concurrency: 4, tags: 'x', name: 'N' }, ['s1']),
  row('slot stats s1', slotStats, { interval: 'total', concurrency: 4 }, ['s1']),
  row('slot stats s1 --interval hour --concurrency 8 --out -', slotStats, { interval: 'hour', concurrency: 8, out: '-' }, ['s1']),
  // Advertisers and campaigns
  row('adv list', advList, none),
  row('advertiser list --out advs.json', advList, { out: 'advs.json' }),
  row('adv view adv1', advView, none, ['adv1']),
  row('campaign list adv1', campaignList, none, ['adv1']),
  row('campaign list --advertiser adv1', campaignList, { advertiser: 'adv1' }),
  row('campaign view c1', campaignView, none, ['c1']),
  row(
    'campaign stats c1 --from 2024-01-01 --to 2024-01-31',
    campaignStats,
    { interval: 'total', concurrency: 4, from: '2024-01-01', to: '2024-01-31' },
    ['c1'],
  ),
  // Credentials
  row('login', login, { keyring: true }),
  row('login --email a@b.c --key-stdin --no-keyring --timezone Asia/Tokyo', login, {
    keyring: false,
    email: 'a@b.c',
    keyStdin: true,
    timezone: 'Asia/Tokyo',
  }),
  row('logout', logout, none),
  row('whoami', whoami, none),
  row('profiles', profiles, none),
  row('switch ci', switchProfile, none, ['ci']),
  row('notify-url set', notifyUrl, none, ['set']),
  row('notify-url remove', notifyUrl, none, ['remove']),
  // Everything else
  row('api /publication/list.xml', api, { method: 'GET' }, ['/publication/list.xml']),
  row('api /publication/create.json -X POST -f a=1 -f b=2', api, { method: 'POST', field: ['a=1', 'b=2'] }, ['/publication/create.json']),
  row('sandbox', sandbox, { host: '127.0.0.1', seed: '1' }),
  row('sandbox --port 0 --no-log --scale 2x3 --data s.json --faults 503=0.2', sandbox, {
    host: '127.0.0.1',
    seed: '1',
    port: '0',
    log: false,
    scale: '2x3',
    data: 's.json',
    faults: '503=0.2',
  }),
  row('completion bash', completion, none, ['bash']),
  row('sync', sync, { lookback: 3, grain: 'day', concurrency: 4, holdCut: '50' }),
  row('sync --db x.duckdb --grain hour --from -7d --lookback 0', sync, {
    lookback: 0,
    grain: 'hour',
    concurrency: 4,
    db: 'x.duckdb',
    from: '-7d',
    holdCut: '50',
  }),
  row('pulse', pulse, { baseline: '7', concurrency: 4 }),
  row(
    'pulse --date 2026-11-24 --baseline 28 --db x.duckdb --html p.html --rules r.json --tz UTC -o json',
    pulse,
    {
      baseline: '28',
      concurrency: 4,
      date: '2026-11-24',
      db: 'x.duckdb',
      html: 'p.html',
      rules: 'r.json',
      tz: 'UTC',
    },
    [],
    { output: 'json' },
  ),
  row('sql select', sql, none, ['select']),
  row('sql --write --db stats.duckdb q', sql, { write: true, db: 'stats.duckdb' }, ['q']),
  row('mcp', mcp, { queryTimeout: '30', rateLimit: '600' }),
  row('mcp --allow-writes --db x.duckdb --query-timeout 5', mcp, {
    allowWrites: true,
    db: 'x.duckdb',
    queryTimeout: '5',
    rateLimit: '600',
  }),
  row('mcp token list', mcpToken, none, ['list']),
  // Global options, before or after the command, reach every handler's context.
  row('--profile work --timeout 5 --retries 0 -q pub list', pubList, none, [], { profile: 'work', timeout: 5, retries: 0, quiet: true }),
  row(
    'pub list --sandbox --dry-run --no-header --fields id,name --wide --color never --debug --deadline 9 --connect-timeout 2 --base-url http://x/y -o json',
    pubList,
    none,
    [],
    {
      sandbox: true,
      dryRun: true,
      header: false,
      fields: 'id,name',
      wide: true,
      color: 'never',
      debug: true,
      deadline: 9,
      connectTimeout: 2,
      baseUrl: 'http://x/y',
      output: 'json',
    },
  ),
  row('pub list --raw', pubList, none, [], { raw: 'xml' }),
  row('-p ci whoami --timeout 0.5', whoami, none, [], { profile: 'ci', timeout: 0.5 }),
];

/** Command lines commander refuses: the handler is never called (exit 2). */
const REFUSED: string[] = [
  'slot list --publication',
  'pub list --timeout 0',
  'pub list --retries 11',
  'pub list -o yaml',
  'pub view',
  'campaign stats',
  'completion',
  'pub list --no-such-flag',
];

interface Seen {
  path: string;
  opts: unknown;
  args: string[];
  globals: GlobalOptions;
}

let seen: Seen[] = [];
const table = await commandTable();

beforeAll(() => {
  for (const { path, def } of table) {
    vi.spyOn(def, 'run').mockImplementation((ctx, opts, args) => {
      seen.push({ path, opts, args, globals: ctx.globals });
      return Promise.resolve({ kind: 'done' });
    });
  }
});
afterAll(() => vi.restoreAllMocks());

async function wired(argv: string[]): Promise<{ code: number; stderr: string }> {
  seen = [];
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (c: Buffer) => (text += c.toString()));
  const io: Io = {
    stdout: new PassThrough(),
    stderr,
    stdin: Readable.from([]) as Io['stdin'],
    env: { HOME: '/nonexistent' },
    signal: new AbortController().signal,
  };
  const code = await main(argv, io);
  return { code, stderr: text };
}

function globalsOf(g: GlobalOptions): Partial<GlobalOptions> {
  return Object.fromEntries(GLOBAL_KEYS.filter((k) => g[k] !== undefined).map((k) => [k, g[k]]));
}

describe('argv → the options a handler receives', () => {
  it.each(ROWS.map((r) => [r.argv.join(' '), r] as const))('%s', async (_, r) => {
    const { code, stderr } = await wired(r.argv);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call.path).toBe(table.find((t) => t.def === r.def)?.path);
    expect(call.opts).toEqual(r.opts);
    expect(call.args).toEqual(r.args);
    expect(globalsOf(call.globals)).toEqual({ ...DEFAULT_GLOBALS, ...r.globals });
  });

  it('has a row for every command', () => {
    const covered = new Set(ROWS.map((r) => r.def));
    expect(table.filter((t) => !covered.has(t.def as CommandDef<never>)).map((t) => t.path)).toEqual([]);
  });

  it.each(REFUSED)('refuses %s before any handler runs', async (argv) => {
    const { code, stderr } = await wired(argv.split(' '));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^masg: /);
    expect(seen).toEqual([]);
  });
});

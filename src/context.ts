// Everything one invocation needs, created once after the flags are parsed: IO streams and
// environment (injected, so commands run in-process in tests), global options, and a lazily
// built API client. Heavy modules are imported here on first use, never at start-up.
import type { ApiClient, ApiRequest } from './api/types.js';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_RETRIES } from './config/defaults.js';
import { defaultConfigDir } from './config/store.js';
import type { Io } from './core/io.js';
import type { OutputSettings, Ui } from './output/index.js';
import type { MasgClient } from './sdk/types.js';

export type { Io } from './core/io.js';

export type OutputFormat = OutputSettings['format'];

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  output?: OutputFormat;
  raw?: 'xml' | 'json';
  fields?: string;
  header: boolean;
  /** Tables: every column, whole values. */
  wide?: boolean;
  color: 'auto' | 'always' | 'never';
  quiet?: boolean;
  debug?: boolean;
  /** Seconds. */
  timeout: number;
  /** Seconds (default: src/config/defaults.ts). */
  connectTimeout?: number;
  /** Extra attempts for GETs (default: src/config/defaults.ts). */
  retries?: number;
  /** Seconds for the whole command; undefined = none. */
  deadline?: number;
  dryRun?: boolean;
  /** Not global: a command's own --concurrency, seen here through optsWithGlobals(); caps the connections. */
  concurrency?: string;
}

export interface Credentials {
  profile: string;
  email: string;
  key: string;
  baseUrl: string;
  keySource: string;
  /** The account's zone (MASG_TIMEZONE, the profile's, the sandbox's); absent when unknown, never the host's. */
  timezone?: string;
  timezoneSource: 'env' | 'profile' | 'sandbox' | 'none';
}

export class Context {
  private sdkPromise?: Promise<MasgClient>;
  private readingSdkPromise?: Promise<MasgClient>;
  private credentialsPromise?: Promise<Credentials>;
  private settingsPromise?: Promise<OutputSettings>;
  private uiPromise?: Promise<Ui>;
  private readonly cleanups: Array<() => Promise<void>> = [];
  /**
   * --dry-run: the requests the transport described instead of sending them, in the order they
   * would have gone out (redacted). Data like any other: src/commands/run.ts prints them after the
   * handler and after rendering (a list's request is described while it is rendered).
   */
  readonly described: string[] = [];
  /** Values that must never reach any output; filled as soon as they are known. */
  readonly secrets: string[] = [];

  constructor(
    readonly io: Io,
    readonly globals: GlobalOptions,
    readonly version: string,
  ) {}

  /** A person can answer prompts: both stdin and stderr are terminals. */
  get interactive(): boolean {
    return Boolean(this.io.stdin.isTTY && this.io.stderr.isTTY);
  }

  /** MASG_CONFIG_DIR, else the XDG config dir (…/masg). */
  get configDir(): string {
    return defaultConfigDir({ env: this.io.env });
  }

  /** Runs on close, last registered first (client before the sandbox it talks to). */
  onClose(fn: () => Promise<void>): void {
    this.cleanups.unshift(fn);
  }

  async close(): Promise<void> {
    for (const fn of this.cleanups.splice(0)) await fn().catch(() => undefined);
  }

  /** Format, fields, header and colour, decided once for the whole invocation. */
  outputSettings(): Promise<OutputSettings> {
    this.settingsPromise ??= (async () => {
      const { decideColor, defaultFormat, parseFields } = await import('./output/index.js');
      const { stdout, env } = this.io;
      const g = this.globals;
      return {
        format: g.output ?? defaultFormat(Boolean(stdout.isTTY)),
        fields: g.fields === undefined ? undefined : parseFields(g.fields),
        header: g.header,
        color: decideColor({ flag: g.color, env, isTTY: Boolean(stdout.isTTY) }),
        width: stdout.isTTY ? terminalWidth(stdout.columns, env.COLUMNS) : undefined,
        wide: Boolean(g.wide),
      };
    })();
    return this.settingsPromise;
  }

  /** Messages, spinner and progress on stderr. */
  ui(): Promise<Ui> {
    this.uiPromise ??= (async () => {
      const [{ createUi, decideColor }, { messageWidth }] = await Promise.all([import('./output/index.js'), import('./output/wrap.js')]);
      const s = await this.outputSettings();
      const { stderr, env } = this.io;
      return createUi({
        stdout: this.io.stdout,
        stderr,
        stderrIsTTY: Boolean(stderr.isTTY),
        // Messages go to stderr: its own terminal decides their colour (`2>err.log` gets none).
        color: decideColor({ flag: this.globals.color, env, isTTY: Boolean(stderr.isTTY) }),
        quiet: Boolean(this.globals.quiet),
        format: s.format,
        width: messageWidth(stderr, env),
      });
    })();
    return this.uiPromise;
  }

  credentials(): Promise<Credentials> {
    this.credentialsPromise ??= this.loadCredentials();
    return this.credentialsPromise;
  }

  /**
   * The SDK's client over this invocation's transport: the one path commands take to the
   * service (its inputs are checked, its lists stream). Closing it is the context's job.
   */
  sdk(): Promise<MasgClient> {
    this.sdkPromise ??= (async () => {
      const creds = await this.credentials();
      return this.sdkOver(await this.createClient(creds), creds.timezone);
    })();
    return this.sdkPromise;
  }

  /**
   * The SDK for reads that must happen even under --dry-run (a short ID's list, Tab's live IDs):
   * the same credentials, timeouts, --debug and redaction, but it sends. Changes still go
   * through sdk(), which only describes them under --dry-run.
   */
  readingSdk(): Promise<MasgClient> {
    if (!this.globals.dryRun) return this.sdk();
    this.readingSdkPromise ??= (async () => {
      const creds = await this.credentials();
      return this.sdkOver(await this.createClient(creds, { send: true }), creds.timezone);
    })();
    return this.readingSdkPromise;
  }

  /** An SDK client for other credentials than the invocation's (login verifies new ones with it before saving). */
  async sdkFor(creds: { email: string; key: string; baseUrl: string; timezone?: string }): Promise<MasgClient> {
    return this.sdkOver(await this.createClient(creds), creds.timezone);
  }

  private async sdkOver(client: ApiClient, timeZone: string | undefined): Promise<MasgClient> {
    const { clientOver } = await import('./sdk/client.js');
    return clientOver(() => client, { timeZone });
  }

  private async loadCredentials(): Promise<Credentials> {
    // The modules themselves, not the config barrel: a command loads only what it uses.
    const [{ resolveSettings }, { openStore }, { createMemoryStore }] = await Promise.all([
      import('./config/settings.js'),
      import('./config/conf-store.js'),
      import('./config/memory-store.js'),
    ]);
    const g = this.globals;
    // --sandbox is a flag like any other: resolveSettings decides what it overrides.
    const sandbox = g.sandbox ? await this.startEmbeddedSandbox() : undefined;
    const store = sandbox ? createMemoryStore() : await openStore(this.configDir, { env: this.io.env });
    const s = await resolveSettings({ flags: { profile: g.profile, baseUrl: g.baseUrl, sandbox }, env: this.io.env, store });
    this.addSecrets(s.email, s.key);
    for (const warning of s.warnings) (await this.ui()).warn(warning);
    return {
      profile: s.profile,
      email: s.email,
      key: s.key,
      baseUrl: s.baseUrl,
      keySource: s.keySource,
      timezone: s.timezone,
      timezoneSource: s.timezoneSource,
    };
  }

  /** Registers a key (and its Basic-auth form) for redaction in every output path. */
  addSecrets(email: string, key: string): void {
    if (key) this.secrets.push(key, Buffer.from(`${email}:${key}`).toString('base64'));
  }

  /** --sandbox: an in-process sandbox on an ephemeral loopback port, state kept between runs. */
  private async startEmbeddedSandbox(): Promise<{ url: string; email: string; key: string; timezone: string }> {
    const [{ startSandbox }, { ensurePrivateDir }, path] = await Promise.all([
      import('./sandbox/index.js'),
      import('./config/private-dir.js'),
      import('node:path'),
    ]);
    // The config folder may be created here first, and a later login keeps the key in it: private from the start.
    const folder = path.join(this.configDir, 'sandbox');
    await ensurePrivateDir(this.configDir);
    await ensurePrivateDir(folder);
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataFile: path.join(folder, 'state.json') });
    this.onClose(() => sandbox.close());
    return { url: sandbox.url, ...sandbox.demo };
  }

  /**
   * The transport for the given credentials, with this invocation's proxy, timeouts, --debug,
   * notices and spinner. `send`: sends even under --dry-run (readingSdk). Commands use sdk().
   */
  private async createClient(creds: { email: string; key: string; baseUrl: string }, opts: { send?: boolean } = {}): Promise<ApiClient> {
    this.addSecrets(creds.email, creds.key);
    const [{ createClient, proxyFromEnv, proxySecrets }, { createRedactor }] = await Promise.all([
      import('./api/transport.js'),
      import('./core/redact.js'),
    ]);
    const g = this.globals;
    // The embedded sandbox is in this process: a proxy could not reach its loopback port anyway.
    const proxy = g.sandbox ? undefined : proxyFromEnv(this.io.env);
    this.secrets.push(...proxySecrets(proxy));
    const redact = createRedactor(this.secrets);
    // A person at a terminal is told why masg waits; --debug already says so, cron (no TTY) is not chatted at.
    const ui = this.io.stderr.isTTY && !g.quiet && !g.debug ? await this.ui() : undefined;
    const client = createClient({
      baseUrl: creds.baseUrl,
      email: creds.email,
      key: creds.key,
      userAgent: `masg/${this.version}`,
      timeoutMs: g.timeout * 1000,
      connectTimeoutMs: (g.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT_SECONDS) * 1000,
      retries: g.retries ?? DEFAULT_RETRIES,
      maxConnections: connectionsFor(g.concurrency),
      deadlineMs: g.deadline === undefined ? undefined : g.deadline * 1000,
      proxy,
      debug: g.debug ? (line: string) => void this.io.stderr.write(`${redact(line)}\n`) : undefined,
      notice: ui ? (line: string) => ui.notice(`masg: ${redact(line)}`) : undefined,
      dryRun: g.dryRun && !opts.send ? (line: string) => void this.described.push(redact(line)) : undefined,
      signal: this.io.signal,
    });
    this.onClose(() => client.close());
    const changing = g.dryRun ? client : this.forgettingCachedIds(client);
    // The one place a wait for the service is shown (a spinner after 300 ms): every command,
    // only on a terminal, never with --quiet or --debug (same condition as the notices above).
    if (!ui) return changing;
    const { withWaitIndicator } = await import('./output/ui.js');
    return withWaitIndicator(changing, ui);
  }

  /**
   * Tab's cached ID lists (src/config/id-cache.ts) go stale when masg itself creates or
   * updates something: each change sent (answered or not: its outcome may be unknown) marks what
   * it touches, and the cache is trimmed once when the command ends, never failing it.
   */
  private forgettingCachedIds(client: ApiClient): ApiClient {
    const paths = new Set<string>();
    const note = (req: ApiRequest) => {
      if (req.method === 'GET') return;
      if (paths.size === 0) {
        this.onClose(async () => {
          const { cacheLabel, forget, kindsChangedBy } = await import('./config/id-cache.js');
          await forget(this.configDir, cacheLabel(this.globals, this.io.env), [...new Set([...paths].flatMap(kindsChangedBy))]);
        });
      }
      paths.add(req.path);
    };
    return {
      request: (req) => (note(req), client.request(req)),
      stream: (req, opts) => (note(req), client.stream(req, opts)),
      close: () => client.close(),
    };
  }
}

/**
 * Tab's way to the service (src/completion/live.ts takes it as a parameter, handed over by
 * src/cli.ts, so completion/ never imports the CLI shell): a Context for the account the line
 * names, resolved exactly as for a command, with IO that never talks to the user, no retries (a
 * Tab press has one short budget, and an answer too late is no answer), the budget as timeout
 * and the deadline as its signal, so no request outlives it.
 */
export async function openLineSession(
  env: Record<string, string | undefined>,
  version: string,
  line: { profile?: string; baseUrl?: string; sandbox?: boolean },
  deadline: AbortSignal,
  budgetMs: number,
): Promise<{ sdk(): Promise<MasgClient>; close(): Promise<void> }> {
  const { nullIo } = await import('./completion/null-io.js');
  const globals: GlobalOptions = { ...line, header: true, color: 'never', quiet: true, timeout: budgetMs / 1000, retries: 0 };
  const ctx = new Context(nullIo(env, deadline), globals, version);
  return {
    // readingSdk: a --dry-run on the line being completed does not stop Tab from reading.
    sdk: () => ctx.readingSdk(),
    close: async () => {
      // A deadline hit while the embedded sandbox was still starting: let it finish starting so
      // that close() stops it, or its listening socket would keep the process (and the shell) waiting.
      await ctx.credentials().catch(() => undefined);
      await ctx.close();
    },
  };
}

/** --concurrency as a connection cap; the command validates the value itself (parseConcurrency). */
function connectionsFor(concurrency: string | undefined): number | undefined {
  return concurrency !== undefined && /^\d+$/.test(concurrency) && Number(concurrency) > 0 ? Number(concurrency) : undefined;
}

/**
 * The width tables fit on a terminal. A pseudo-terminal may report 0 columns (script, some CI
 * runners): that is "unknown", and then COLUMNS (set by the user or the shell) is used. Piped
 * output has no width at all, whatever COLUMNS says: it is never fitted.
 */
export function terminalWidth(columns: number | undefined, env: string | undefined): number | undefined {
  if (columns !== undefined && columns > 0) return columns;
  const n = env !== undefined && /^\d+$/.test(env.trim()) ? Number(env.trim()) : 0;
  return n > 0 ? n : undefined;
}

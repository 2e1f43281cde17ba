// What a handler is given, per invocation (IO injected, so tests run commands in-process): the
// account, the SDK client, output settings and Ui. src/session/ builds them, loaded on first use.
import { defaultConfigDir } from './config/store.js';
import type { Io } from './core/io.js';
import type { OutputSettings } from './output/types.js';
import type { Ui } from './output/ui.js';
import type { MasgClient } from './sdk/types.js';
import type { ConnectionFlags, SharedParts } from './session/client.js';
import type { Credentials } from './session/credentials.js';
import type { AccountList } from './config/account-list.js';
import type { OutputPort } from './output/port.js';
import { decideColor } from './output/color.js';
import { parseFields } from './output/columns.js';
import { defaultFormat } from './output/out-format.js';
import { createUi } from './output/ui.js';
import { messageWidth } from './output/wrap.js';
import { accountList } from './config/account-list.js';
import { loadCredentials } from './session/credentials.js';
import { openCliClient } from './session/client.js';

export type { Io } from './core/io.js';
export type { Credentials } from './session/credentials.js';

export type OutputFormat = OutputSettings['format'];

/** What an account of several shares with its parent's command line: its messages' Ui (named) and output settings. */
export interface AccountScope {
  ui: Promise<Ui>;
  settings: Promise<OutputSettings>;
}

/** The global flags: the connection's (ConnectionFlags, what the client is built from) and the output's. */
export interface GlobalOptions extends ConnectionFlags {
  baseUrl?: string;
  output?: OutputFormat;
  raw?: 'xml' | 'json';
  fields?: string;
  header: boolean;
  wide?: boolean;
  color: 'auto' | 'always' | 'never';
  /** Every saved profile, for the commands that read (session/accounts.ts). */
  allProfiles?: boolean;
}

/**
 * What a Context is built with besides the flags, all at once: nothing is set on it afterwards.
 * An account of several gets its name, its messages' Ui and settings, and, once the runner has
 * them, its share of the connections and the port of the shared output.
 */
export interface ContextParts {
  /** One account of several: its profile name, and whether its rows share one output. */
  account?: { name: string; merged: boolean };
  /** The port this handler writes through, when it is not its own stdout (an account of several). */
  port?: OutputPort;
  /** The pool, HostGates and signal an account of several shares with the others (forEachAccount's). */
  connection?: SharedParts;
  ui?: Promise<Ui>;
  settings?: Promise<OutputSettings>;
  accounts?: Promise<AccountList | undefined>;
  /** The credentials another Context of the same account resolves (resolved once, whichever asks first). */
  credentials?: () => Promise<Credentials>;
  /** Its client, when another Context of the account on the same connections has one. */
  sdk?: () => Promise<MasgClient>;
  /** Shared by the Contexts of one account, so that closing either closes what both opened. */
  cleanups?: Array<() => Promise<void>>;
}

export class Context {
  // Each computed on first use, then kept: caches, never set from outside.
  private sdkPromise?: Promise<MasgClient>;
  private credentialsPromise?: Promise<Credentials>;
  private settingsPromise?: Promise<OutputSettings>;
  private uiPromise?: Promise<Ui>;
  private accountsPromise?: Promise<AccountList | undefined>;
  private readonly cleanups: Array<() => Promise<void>>;
  readonly account?: { name: string; merged: boolean };
  readonly port?: OutputPort;
  readonly connection?: SharedParts;

  constructor(
    readonly io: Io,
    readonly globals: GlobalOptions,
    readonly version: string,
    /** Redacted from every output as soon as they are known (an account's Context shares its parent's). */
    readonly secrets: string[] = [],
    /**
     * --deadline as an instant (performance.now()), taken once when the command line's Context is
     * built: every request, retry and wait of the command, each account's included, stops by then.
     */
    readonly deadlineAt: number | undefined = globals.deadline === undefined ? undefined : performance.now() + globals.deadline * 1000,
    private readonly parts: ContextParts = {},
  ) {
    this.account = parts.account;
    this.port = parts.port;
    this.connection = parts.connection;
    this.cleanups = parts.cleanups ?? [];
    this.uiPromise = parts.ui;
    this.settingsPromise = parts.settings;
    this.accountsPromise = parts.accounts;
  }

  /**
   * The Context of one account of several: the same flags with `--profile NAME`, so its credentials()
   * resolve as `masg --profile NAME` would; withParts gives it its share of the connections.
   */
  forAccount(name: string, scope: AccountScope): Context {
    const globals: GlobalOptions = { ...this.globals, profile: name, allProfiles: undefined };
    const parts = { account: { name, merged: false }, accounts: Promise.resolve(undefined), ui: scope.ui, settings: scope.settings };
    return new Context(this.io, globals, this.version, this.secrets, this.deadlineAt, parts);
  }

  /** The same account with more known of it (its connections, its output): one credential lookup, one close. */
  withParts(more: Pick<ContextParts, 'account' | 'port' | 'connection'>): Context {
    const parts: ContextParts = {
      ...this.parts,
      ...more,
      ui: this.ui(),
      settings: this.outputSettings(),
      accounts: this.accounts(),
      credentials: () => this.credentials(),
      // Other connections are another client; the same ones, this Context's own.
      sdk: more.connection === undefined ? () => this.sdk() : undefined,
      cleanups: this.cleanups,
    };
    return new Context(this.io, this.globals, this.version, this.secrets, this.deadlineAt, parts);
  }

  get interactive(): boolean {
    return Boolean(this.io.stdin.isTTY && this.io.stderr.isTTY);
  }

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

  outputSettings(): Promise<OutputSettings> {
    // A promise either way, so that a bad --fields is a rejection like every other settings failure.
    this.settingsPromise ??= new Promise<OutputSettings>((resolve) => {
      const { stdout, env } = this.io;
      const g = this.globals;
      resolve({
        format: g.output ?? defaultFormat(Boolean(stdout.isTTY)),
        fields: g.fields === undefined ? undefined : parseFields(g.fields),
        header: g.header,
        color: decideColor({ flag: g.color, env, isTTY: Boolean(stdout.isTTY) }),
        width: stdout.isTTY ? terminalWidth(stdout.columns, env.COLUMNS) : undefined,
        wide: Boolean(g.wide),
        signal: this.io.signal,
      });
    });
    return this.settingsPromise;
  }

  ui(): Promise<Ui> {
    this.uiPromise ??= (async () => {
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

  /** The profiles a list (`--profile a,b`, MASG_PROFILE=a,b, --all-profiles) names; undefined for one account. */
  accounts(): Promise<AccountList | undefined> {
    this.accountsPromise ??= (async () => {
      return accountList(this.globals, this.io.env, this.configDir);
    })();
    return this.accountsPromise;
  }

  credentials(): Promise<Credentials> {
    const shared = this.parts.credentials;
    if (shared) return (this.credentialsPromise ??= shared());
    this.credentialsPromise ??= (async () => {
      const { credentials, warnings } = await loadCredentials(this.globals, this.io.env, this.configDir, (fn) => this.onClose(fn));
      this.addSecrets(credentials.email, credentials.key);
      for (const warning of warnings) (await this.ui()).warn(warning);
      return credentials;
    })();
    return this.credentialsPromise;
  }

  sdk(): Promise<MasgClient> {
    const shared = this.parts.sdk;
    this.sdkPromise ??= shared ? shared() : this.credentials().then((creds) => this.sdkFor(creds));
    return this.sdkPromise;
  }

  /** A client for other credentials (login verifies new ones before saving). */
  async sdkFor(creds: { email: string; key: string; baseUrl: string; timezone?: string }): Promise<MasgClient> {
    this.addSecrets(creds.email, creds.key);
    return openCliClient(
      creds,
      {
        io: this.io,
        version: this.version,
        configDir: this.configDir,
        flags: this.globals,
        deadlineAt: this.deadlineAt,
        secrets: this.secrets,
        ui: () => this.ui(),
        onClose: (fn) => this.onClose(fn),
      },
      this.connection,
    );
  }

  private addSecrets(email: string, key: string): void {
    if (key) this.secrets.push(key, Buffer.from(`${email}:${key}`).toString('base64'));
  }
}

/** A pseudo-terminal's 0 columns means unknown: COLUMNS then. Piped output is never fitted. */
export function terminalWidth(columns: number | undefined, env: string | undefined): number | undefined {
  if (columns !== undefined && columns > 0) return columns;
  const n = env !== undefined && /^\d+$/.test(env.trim()) ? Number(env.trim()) : 0;
  return n > 0 ? n : undefined;
}

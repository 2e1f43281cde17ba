// What a handler is given, per invocation: IO and environment (injected, so commands run
// in-process in tests), the global options, the account's credentials, the SDK client and the
// output settings and Ui. How each is made lives in src/session/; heavy modules load on first use.
import { defaultConfigDir } from './config/store.js';
import type { Io } from './core/io.js';
import type { OutputSettings, Ui } from './output/index.js';
import type { MasgClient } from './sdk/types.js';
import type { Credentials } from './session/credentials.js';

export type { Io } from './core/io.js';
export type { Credentials } from './session/credentials.js';

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
  /** Seconds; undefined: the transport's default (src/config/defaults.ts). */
  connectTimeout?: number;
  /** Extra attempts for GETs; a cut statistics answer is fetched again within them too. */
  retries: number;
  /** Seconds for the whole command; undefined = none. */
  deadline?: number;
  dryRun?: boolean;
  /** Not global: a command's own --concurrency, seen here through optsWithGlobals(); caps the connections. */
  concurrency?: string;
}

export class Context {
  private sdkPromise?: Promise<MasgClient>;
  private credentialsPromise?: Promise<Credentials>;
  private settingsPromise?: Promise<OutputSettings>;
  private uiPromise?: Promise<Ui>;
  private readonly cleanups: Array<() => Promise<void>> = [];
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

  /** The account: credentials, base URL and zone, with where each came from. */
  credentials(): Promise<Credentials> {
    this.credentialsPromise ??= (async () => {
      const { loadCredentials } = await import('./session/credentials.js');
      const { credentials, warnings } = await loadCredentials(this.globals, this.io.env, this.configDir, (fn) => this.onClose(fn));
      this.addSecrets(credentials.email, credentials.key);
      for (const warning of warnings) (await this.ui()).warn(warning);
      return credentials;
    })();
    return this.credentialsPromise;
  }

  /**
   * The SDK client: the one path commands take to the service (inputs checked, lists streamed).
   * Under --dry-run a handler asks it with `{ dryRun: true }`; reads a plan needs just call.
   */
  sdk(): Promise<MasgClient> {
    this.sdkPromise ??= this.credentials().then((creds) => this.sdkFor(creds));
    return this.sdkPromise;
  }

  /** An SDK client for other credentials than the invocation's (login verifies new ones with it before saving). */
  async sdkFor(creds: { email: string; key: string; baseUrl: string; timezone?: string }): Promise<MasgClient> {
    this.addSecrets(creds.email, creds.key);
    const { openCliClient, idCacheTrim } = await import('./session/client.js');
    const label = async () => (await import('./config/id-cache.js')).cacheLabel(this.globals, this.io.env);
    const trim = idCacheTrim(this.configDir, label, (fn) => this.onClose(fn));
    return openCliClient(creds, {
      io: this.io,
      version: this.version,
      flags: this.globals,
      secrets: this.secrets,
      ui: () => this.ui(),
      onClose: (fn) => this.onClose(fn),
      wrap: (client) => trim.wrap(client),
    });
  }

  /** Registers a key (and its Basic-auth forms) for redaction in every output path. */
  private addSecrets(email: string, key: string): void {
    if (key) this.secrets.push(key, Buffer.from(`${email}:${key}`).toString('base64'));
  }
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

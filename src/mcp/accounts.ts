// The accounts a server offers, and each one's Context. A tool's `account: NAME` gets what
// `masg --profile NAME` gets: the Context is the command line's own forAccount(NAME), so its
// credentials, base URL and zone come from resolveSettings as for any command. The server
// offers every saved profile; MASG_EMAIL, MASG_DEVELOPER_KEY and MASG_TIMEZONE override every
// profile, so with one of them set it offers only the account plain `masg` uses, and asking for
// another is the CLI's own refusal of those variables over several profiles (exit class 3).
// `allowed` narrows the offer (a token's accounts): a name outside it is refused before any
// profile is read. A token's narrowing also makes its only account the default: the person who
// made the token chose it, so a call without `account` needs no other. No Context may write to
// stdout, the protocol's: their stdout is a sink.
import { Readable, Writable } from 'node:stream';
import { Context, type GlobalOptions, type Io } from '../context.js';
import { ConfigError, UsageError } from '../core/errors.js';
import { redactorOf, secretsFor, type Redactor } from '../core/redact.js';
import { checkProfileName } from '../config/checks.js';
import { openStore } from '../config/conf-store.js';
import { listProfiles } from '../config/profiles.js';
import { resolveProfileName } from '../config/settings.js';
import { checkEnvironment } from '../sdk/accounts.js';

export interface AccountInfo {
  name: string;
  email: string;
  timezone: string | null;
  baseUrl: string;
  default: boolean;
}

/** What the command line offers: the accounts, the one a call without `account` uses, and whether the environment defines it. */
interface Offer {
  accounts: AccountInfo[];
  default?: string;
  /** The environment's variables (or --sandbox) make the one account: its Context is the command line's own. */
  single: boolean;
  /** Why the command line's one account cannot be read: every call's error, in the CLI's words. */
  failure?: Error;
}

const ENV_ACCOUNT = ['MASG_EMAIL', 'MASG_DEVELOPER_KEY', 'MASG_TIMEZONE'];

/** How a narrowing came to be: a token's is refused in the token's words, and its only account is its default. */
export interface Narrowing {
  token?: boolean;
}

interface Shared {
  io: Io;
  globals: GlobalOptions;
  root: Context;
  contexts: Map<string, Context>;
  offer?: Promise<Offer>;
}

export class Accounts {
  private readonly shared: Shared;

  /**
   * `allowed`: the names this server may use (a token's accounts), a subset of what the command
   * line offers; undefined for all of them.
   */
  constructor(io: Io, globals: GlobalOptions, version: string, allowed?: readonly string[]);
  constructor(io: Io, globals: GlobalOptions, version: string, allowed: readonly string[] | undefined, shared: Shared, how: Narrowing);
  constructor(
    io: Io,
    globals: GlobalOptions,
    version: string,
    private readonly allowed?: readonly string[],
    shared?: Shared,
    private readonly how: Narrowing = {},
  ) {
    if (shared !== undefined) {
      this.shared = shared;
      return;
    }
    const quietIo: Io = {
      stdout: new Writable({ write: (_chunk, _enc, done) => done() }),
      stderr: io.stderr,
      stdin: Readable.from([]),
      env: io.env,
      signal: io.signal,
    };
    // Quiet: no spinner or progress line; JSON: pulse's contract. Never --dry-run: writes plan with the SDK's own.
    const quiet: GlobalOptions = { ...globals, quiet: true, output: 'json', dryRun: false };
    // The environment's key is a secret from the first byte, before any account is used.
    const key = io.env.MASG_DEVELOPER_KEY;
    const root = new Context(quietIo, quiet, version, key ? secretsFor(io.env.MASG_EMAIL ?? '', key) : []);
    this.shared = { io: quietIo, globals: quiet, root, contexts: new Map() };
  }

  /** The same server's accounts narrowed to `names` (and to this one's): the seam a token's scope goes through. */
  only(names: readonly string[], how: Narrowing = {}): Accounts {
    const within = this.allowed === undefined ? names : names.filter((n) => this.allowed!.includes(n));
    return new Accounts(this.shared.io, this.shared.globals, this.shared.root.version, within, this.shared, how);
  }

  get sandbox(): boolean {
    return Boolean(this.shared.globals.sandbox);
  }

  get env(): Record<string, string | undefined> {
    return this.shared.io.env;
  }

  /** The Context of `account` (the default account when omitted), made once. */
  async context(account: string | undefined): Promise<Context> {
    const asked = account?.trim() || undefined;
    if (asked !== undefined && asked.includes(','))
      throw new UsageError(`account: "${asked}" names several accounts; a tool works in one account per call.`, {
        field: 'account',
        hint: `Call the tool once per account: ${await this.choices()}.`,
      });
    if (asked !== undefined) checkProfileName(asked, 'account');
    const offer = await this.offer();
    if (offer.failure !== undefined) throw offer.failure;
    const names = await this.names();
    const name = asked ?? this.defaultOf(offer, names);
    if (name === undefined) {
      if (names.length === 0)
        throw new ConfigError('This server has no account to use.', { hint: 'Run `masg login --profile NAME` first.' });
      if (this.how.token) throw this.refusal("none given, and the server's default account is not one of this token's");
      throw new UsageError('No default account: give account, the name of one of the accounts of list_accounts.', {
        field: 'account',
        hint: `Accounts: ${await this.choices()}.`,
      });
    }
    if (!names.includes(name)) {
      // The environment's variables would override that profile too: the CLI refuses them over several profiles.
      if (offer.single && !this.sandbox && offer.default !== undefined) checkEnvironment([offer.default, name], this.env);
      if (this.how.token) throw this.refusal(`"${name}" is not one of this token's accounts`);
      throw new UsageError(`account: "${name}" is not an account of this server.`, {
        field: 'account',
        hint: `Accounts: ${await this.choices()}.`,
      });
    }
    return this.contextOf(name, offer);
  }

  /** The account a call without `account` uses: the command line's, else a token's only one. */
  private defaultOf(offer: Offer, names: string[]): string | undefined {
    if (offer.default !== undefined && names.includes(offer.default)) return offer.default;
    return this.how.token && names.length === 1 ? names[0] : undefined;
  }

  private refusal(what: string): UsageError {
    const names = this.allowed ?? [];
    return new UsageError(`account: ${what}. This token may use ${names.map((n) => `"${n}"`).join(', ')}.`, {
      field: 'account',
      hint: 'Pass one of them as account, or call list_accounts.',
    });
  }

  private contextOf(name: string, offer: Offer): Context {
    const { root, contexts } = this.shared;
    if (offer.single) return root;
    let ctx = contexts.get(name);
    if (ctx === undefined) {
      ctx = root.forAccount(name, { ui: root.ui(), settings: root.outputSettings() });
      contexts.set(name, ctx);
    }
    return ctx;
  }

  /** The redaction of every account's secrets known so far (one list: forAccount shares its parent's). */
  redact(): Redactor {
    return redactorOf(this.shared.root.secrets);
  }

  /** The accounts this server can use; with --sandbox only the sandbox's own account. Never a key. */
  async list(): Promise<AccountInfo[]> {
    const names = await this.names();
    const offer = await this.offer();
    const own = this.defaultOf(offer, names);
    return offer.accounts.filter((a) => names.includes(a.name)).map((a) => ({ ...a, default: a.name === own }));
  }

  private async names(): Promise<string[]> {
    const names = (await this.offer()).accounts.map((a) => a.name);
    return this.allowed === undefined ? names : names.filter((n) => this.allowed!.includes(n));
  }

  private async choices(): Promise<string> {
    const names = await this.names();
    return names.length === 0 ? 'none is configured' : names.join(', ');
  }

  private offer(): Promise<Offer> {
    this.shared.offer ??= this.readOffer();
    return this.shared.offer;
  }

  private async readOffer(): Promise<Offer> {
    const { root, globals, io } = this.shared;
    const describe = (name: string, email: string, timezone: string | undefined, baseUrl: string, isDefault: boolean) => ({
      name,
      email,
      timezone: timezone || null,
      baseUrl,
      default: isDefault,
    });
    const envAccount = ENV_ACCOUNT.some((v) => (io.env[v] ?? '').trim() !== '');
    if (globals.sandbox || envAccount) {
      // One account, the command line's: what `masg` (with this --profile, if any) would use.
      const own = await root.credentials().catch((err: unknown) => err as Error);
      if (own instanceof Error) return { accounts: [], single: true, failure: own };
      return { accounts: [describe(own.profile, own.email, own.timezone, own.baseUrl, true)], default: own.profile, single: true };
    }
    const store = await openStore(root.configDir, { env: io.env });
    const { name: active } = resolveProfileName(globals, io.env, store.path);
    const rows = await listProfiles(store, active, undefined);
    return {
      accounts: rows.map((r) => describe(r.name, r.email, r.timezone, r.baseUrl, r.name === active)),
      default: rows.some((r) => r.name === active) ? active : undefined,
      single: false,
    };
  }

  async close(): Promise<void> {
    for (const ctx of this.shared.contexts.values()) await ctx.close();
    this.shared.contexts.clear();
    await this.shared.root.close();
  }
}

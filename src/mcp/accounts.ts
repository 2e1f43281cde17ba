// The accounts a server may use, chosen per call (issue 27's "many accounts" is not in yet: the
// `account` parameter takes one profile's name). Each account gets a Context of its own, made
// exactly as a command's, so credentials, the client, its base URL and the redaction are the
// CLI's. None of them may write to stdout: that is the protocol's, so their stdout is a sink.
import { Readable, Writable } from 'node:stream';
import { Context, type GlobalOptions, type Io } from '../context.js';
import { UsageError } from '../core/errors.js';
import { createRedactor, secretsFor, type Redactor } from '../core/redact.js';

export interface AccountInfo {
  name: string;
  email: string;
  timezone: string | null;
  baseUrl: string;
  default: boolean;
}

export class Accounts {
  private readonly contexts = new Map<string, Context>();
  private readonly io: Io;
  /** Every secret any account's context learnt, for the one redactor of everything written. */
  private readonly secretLists: string[][] = [];
  private redactor?: { seen: number; fn: Redactor };

  constructor(
    io: Io,
    private readonly globals: GlobalOptions,
    private readonly version: string,
  ) {
    this.io = {
      stdout: new Writable({ write: (_chunk, _enc, done) => done() }),
      stderr: io.stderr,
      stdin: Readable.from([]),
      env: io.env,
      signal: io.signal,
    };
    // The environment's key is a secret from the first byte, before any account is used.
    const key = io.env.MASG_DEVELOPER_KEY;
    if (key) this.secretLists.push(secretsFor(io.env.MASG_EMAIL ?? '', key));
  }

  get sandbox(): boolean {
    return Boolean(this.globals.sandbox);
  }

  get env(): Record<string, string | undefined> {
    return this.io.env;
  }

  /** The Context of `account` (the default profile when omitted), made once. */
  async context(account: string | undefined): Promise<Context> {
    const name = account?.trim() || undefined;
    if (name !== undefined && this.sandbox) {
      const own = (await this.context(undefined).then((c) => c.credentials())).profile;
      if (name !== own)
        throw new UsageError(`account: "${name}" is not this server's account: with --sandbox there is one, "${own}".`, {
          field: 'account',
          hint: 'Leave account out, or call list_accounts.',
        });
      return this.context(undefined);
    }
    const key = name ?? '';
    let ctx = this.contexts.get(key);
    if (ctx === undefined) {
      // Quiet: no spinner or progress line; JSON: pulse's contract. Never --dry-run: writes plan with the SDK's own.
      const globals: GlobalOptions = { ...this.globals, quiet: true, output: 'json', dryRun: false };
      if (name !== undefined) globals.profile = name;
      ctx = new Context(this.io, globals, this.version);
      this.contexts.set(key, ctx);
      this.secretLists.push(ctx.secrets);
    }
    return ctx;
  }

  /** The redaction of every account's secrets known so far (rebuilt when one more is learnt). */
  redact(): Redactor {
    const all = this.secretLists.flat();
    if (this.redactor?.seen !== all.length) this.redactor = { seen: all.length, fn: createRedactor(all) };
    return this.redactor.fn;
  }

  /** The profiles this server can use; with --sandbox only the sandbox's own account. Never a key. */
  async list(): Promise<AccountInfo[]> {
    const own = await (await this.context(undefined)).credentials().catch(() => undefined);
    const describe = (name: string, email: string, timezone: string | undefined, baseUrl: string): AccountInfo => ({
      name,
      email,
      timezone: timezone ?? null,
      baseUrl,
      default: name === own?.profile,
    });
    if (this.sandbox) return own ? [describe(own.profile, own.email, own.timezone, own.baseUrl)] : [];
    const config = await import('../config/index.js');
    const { listProfiles } = await import('../config/profiles.js');
    const store = await config.openStore(this.configDir(), { env: this.io.env });
    const { name: active } = config.resolveProfileName(this.globals, this.io.env);
    const rows = await listProfiles(store, active, undefined);
    const listed = rows.map((r) => describe(r.name, r.email, r.timezone || undefined, r.baseUrl));
    // The environment's account (MASG_EMAIL / MASG_DEVELOPER_KEY) may have no saved profile.
    if (own && !listed.some((a) => a.name === own.profile)) listed.unshift(describe(own.profile, own.email, own.timezone, own.baseUrl));
    return listed;
  }

  private configDir(): string {
    return new Context(this.io, this.globals, this.version).configDir;
  }

  async close(): Promise<void> {
    for (const ctx of this.contexts.values()) await ctx.close();
    this.contexts.clear();
  }
}

// forEachAccount: the same call over several accounts, concurrently within one limit, every
// account's outcome kept. A failed account never costs the others their results; an account the
// service refuses as restricted (code 1004) is reported as such and, like any refusal, not retried.
// The clients share one connection pool (at most `concurrency` connections per host) and one
// HostGates, so a 429 or Retry-After met by one account slows every account on that host.
import type { Dispatcher } from 'undici';
import { ApiError, AuthError, ConfigError, ExitCode, InterruptedError, MasgError, UsageError, type ExitCodeValue } from '../core/errors.js';
import { HostGates } from '../transport/host-gate.js';
import { createClient } from './client.js';
import type { ProfileOptions } from './profile.js';
import type { ClientOptions, MasgClient } from './types.js';

/** A profile name (resolved as `masg --profile NAME`), or a client's options with an optional `name`. */
export type AccountInput = string | (ClientOptions & { name?: string });

export interface AccountInfo {
  /** The profile's name, else the given `name`, else the e-mail: how output names the account. */
  name: string;
  /** The service's identity of the account; undefined when its profile could not be read. */
  email?: string;
  /** The account's zone: relative dates ('yesterday') are its own days. */
  timeZone?: string;
}

/** restricted: code 1004; rejected: other credential refusals (1000–1003); failed: anything else. */
export type AccountFailure = 'restricted' | 'rejected' | 'interrupted' | 'failed';

export interface AccountSuccess<T> {
  ok: true;
  status: 'ok';
  account: AccountInfo;
  value: T;
}

export interface AccountError {
  ok: false;
  status: AccountFailure;
  account: AccountInfo;
  error: MasgError;
  /** The exit class of this account's failure (README's table): 4 for restricted and rejected. */
  exitCode: ExitCodeValue;
}

export type AccountResult<T> = AccountSuccess<T> | AccountError;

export interface ForEachAccountOptions extends ProfileOptions {
  /** Accounts whose call runs at once, and connections per host; 1–64, default 4. */
  concurrency?: number;
  /** Stops starting accounts and aborts the running calls; their results say `interrupted`. */
  signal?: AbortSignal;
  /** Applied to every account's client (timeouts, retries, userAgent, …). */
  overrides?: Partial<ClientOptions>;
  /** After each account, in the order they finish; what it throws is ignored. */
  onSettled?: (result: AccountResult<unknown>, done: number, total: number) => void;
  /** How a profile name becomes client options (default: fromProfile); what it throws is that account's failure. */
  resolve?: (name: string) => Promise<ClientOptions>;
  /**
   * Builds each account's client from its options, the shared pool, HostGates and signal included
   * (default: createClient). The CLI passes its own, with its proxy, --debug lines and notices.
   */
  client?: (options: ClientOptions, account: AccountInfo) => MasgClient | Promise<MasgClient>;
}

export type AccountCall<T> = (client: MasgClient, account: AccountInfo, signal: AbortSignal) => Promise<T>;

export const DEFAULT_ACCOUNT_CONCURRENCY = 4;
export const MAX_ACCOUNT_CONCURRENCY = 64;

/** Runs `call` once per account; resolves (never rejects for an account's failure) with one result per account, in input order. */
export async function forEachAccount<T>(
  accounts: readonly AccountInput[],
  call: AccountCall<T>,
  opts: ForEachAccountOptions = {},
): Promise<Array<AccountResult<T>>> {
  const concurrency = checkConcurrency(opts.concurrency);
  checkAccounts(accounts);
  checkEnvironment(accounts, opts.env ?? process.env);
  if (typeof call !== 'function')
    throw new UsageError('forEachAccount: call must be a function (client, account, signal) => Promise.', { field: 'call' });
  const shared = await sharedParts(opts, concurrency);
  const results = new Array<AccountResult<T>>(accounts.length);
  let done = 0;
  try {
    // Never rejects: runOne turns every failure into a result, and what onSettled throws is ignored.
    await settleEach(accounts.length, concurrency, async (i) => {
      results[i] = opts.signal?.aborted ? interrupted(provisional(accounts[i])) : await runOne(accounts[i], call, opts, shared);
      try {
        opts.onSettled?.(results[i], ++done, accounts.length);
      } catch {
        // A progress display's bug must not cost the accounts their results.
      }
    });
  } finally {
    await shared.close();
  }
  return results;
}

interface Shared {
  hostGates: HostGates;
  dispatcher: Dispatcher;
  close(): Promise<void>;
}

async function sharedParts(opts: ForEachAccountOptions, concurrency: number): Promise<Shared> {
  const hostGates = opts.overrides?.hostGates ?? new HostGates();
  if (opts.overrides?.dispatcher) return { hostGates, dispatcher: opts.overrides.dispatcher, close: () => Promise.resolve() };
  const { createPool } = await import('../transport/transport.js');
  const pool = createPool({ maxConnections: concurrency, connectTimeoutMs: opts.overrides?.connectTimeoutMs });
  return { hostGates, dispatcher: pool, close: () => (opts.signal?.aborted ? pool.destroy() : pool.close()) };
}

async function runOne<T>(
  input: AccountInput,
  call: AccountCall<T>,
  opts: ForEachAccountOptions,
  shared: Shared,
): Promise<AccountResult<T>> {
  let account = provisional(input);
  let client: MasgClient | undefined;
  try {
    const options = await optionsOf(input, opts);
    account = { name: account.name, email: options.email, timeZone: opts.overrides?.timeZone ?? options.timeZone };
    const signals = [opts.signal, opts.overrides?.signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length === 0 ? new AbortController().signal : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    const build = opts.client ?? createClient;
    client = await build({ ...options, ...opts.overrides, hostGates: shared.hostGates, dispatcher: shared.dispatcher, signal }, account);
    return { ok: true, status: 'ok', account, value: await call(client, account, signal) };
  } catch (err) {
    return failure(account, err);
  } finally {
    await client?.close().catch(() => undefined);
  }
}

/** The name known before anything is resolved: a profile's name, the given name, else the e-mail. */
function provisional(input: AccountInput): AccountInfo {
  if (typeof input === 'string') return { name: input };
  return { name: input.name ?? input.email ?? '', email: input.email, timeZone: input.timeZone };
}

async function optionsOf(input: AccountInput, opts: ForEachAccountOptions): Promise<ClientOptions> {
  if (typeof input !== 'string') {
    const { name: _name, ...options } = input;
    return options;
  }
  if (opts.resolve) return opts.resolve(input);
  const { fromProfile } = await import('./profile.js');
  const p = await fromProfile(input, { env: opts.env, configDir: opts.configDir });
  return { baseUrl: p.baseUrl, email: p.email, key: p.key, ...(p.timeZone !== undefined && { timeZone: p.timeZone }) };
}

/** What kind of failure an error is, for the per-account status. */
export function accountFailure(error: unknown): AccountFailure {
  if (error instanceof InterruptedError) return 'interrupted';
  if (error instanceof AuthError) return error.code === 1004 ? 'restricted' : 'rejected';
  return 'failed';
}

function failure(account: AccountInfo, err: unknown): AccountError {
  const error = err instanceof MasgError ? err : new MasgError(err instanceof Error ? err.message : String(err), { cause: err });
  return { ok: false, status: accountFailure(error), account, error, exitCode: error.exitCode };
}

function interrupted(account: AccountInfo): AccountError {
  return failure(account, new InterruptedError());
}

/** One line per account, as the CLI will print it on stderr: `b: credentials rejected (4)`. */
export function describeAccountResult(r: AccountResult<unknown>): string {
  if (r.ok) return `${r.account.name}: ok`;
  const what = {
    restricted: `restricted by the service (code 1004: not allowed from this address)`,
    rejected: `credentials rejected${r.error instanceof AuthError ? ` (code ${r.error.code})` : ''}`,
    interrupted: 'interrupted',
    failed: r.error.message.split('\n')[0],
  }[r.status];
  return `${r.account.name}: ${what} (${r.exitCode})`;
}

/**
 * The status lines every command over several accounts prints on stderr, in the order given:
 * each failure always, the `ok` lines unless `quiet`. One format for lists, statistics, sync and pulse.
 */
export function accountStatusLines(results: ReadonlyArray<AccountResult<unknown>>, opts: { quiet?: boolean } = {}): string[] {
  return results.filter((r) => !r.ok || !opts.quiet).map(describeAccountResult);
}

/** One account's status as data (for `-o json`): no value, and a message only for a failure. */
export interface AccountStatusRecord {
  account: string;
  email?: string;
  status: 'ok' | AccountFailure;
  exitCode: ExitCodeValue;
  /** The service's masg-error code, when it refused. */
  code?: number;
  message?: string;
}

export function accountStatus(r: AccountResult<unknown>): AccountStatusRecord {
  const base = { account: r.account.name, ...(r.account.email !== undefined && { email: r.account.email }) };
  if (r.ok) return { ...base, status: 'ok', exitCode: ExitCode.OK };
  const code = r.error instanceof ApiError ? r.error.code : undefined;
  return { ...base, status: r.status, exitCode: r.exitCode, ...(code !== undefined && { code }), message: r.error.message };
}

/** 0 when all succeeded; one account's own code when one was asked; 8 when some failed and some did not. */
export function accountsExitCode(results: ReadonlyArray<AccountResult<unknown>>): ExitCodeValue {
  const failed = results.filter((r): r is AccountError => !r.ok);
  if (failed.length === 0) return ExitCode.OK;
  if (results.length === 1) return failed[0].exitCode;
  if (failed.length < results.length) return ExitCode.PARTIAL;
  // None succeeded: an interruption wins, then a code they all share, else the first account's.
  if (failed.some((r) => r.status === 'interrupted')) return ExitCode.INTERRUPTED;
  return failed[0].exitCode;
}

function checkConcurrency(value: number | undefined): number {
  if (value === undefined) return DEFAULT_ACCOUNT_CONCURRENCY;
  if (!Number.isInteger(value) || value < 1 || value > MAX_ACCOUNT_CONCURRENCY) {
    throw new UsageError(`concurrency: expected a whole number from 1 to ${MAX_ACCOUNT_CONCURRENCY}, got ${String(value)}.`, {
      field: 'concurrency',
    });
  }
  return value;
}

function checkAccounts(accounts: readonly AccountInput[]): void {
  const list: unknown = accounts;
  if (!Array.isArray(list) || list.length === 0)
    throw new UsageError('accounts: expected a non-empty list of profile names or client options.', { field: 'accounts' });
  const seen = new Set<string>();
  accounts.forEach((a, i) => {
    if (typeof a !== 'string' && (typeof a !== 'object' || a === null))
      throw new UsageError(`accounts[${i}]: expected a profile name or client options.`, { field: `accounts[${i}]` });
    const name = provisional(a).name;
    if (name === '') throw new UsageError(`accounts[${i}]: client options need an email (or a name).`, { field: `accounts[${i}]` });
    if (seen.has(name)) throw new UsageError(`accounts[${i}]: "${name}" is listed twice.`, { field: `accounts[${i}]` });
    seen.add(name);
  });
}

/** MASG_EMAIL, MASG_DEVELOPER_KEY and MASG_TIMEZONE beat every profile: over several profiles they would make one account of all. */
export function checkEnvironment(accounts: readonly AccountInput[], env: Record<string, string | undefined>): void {
  if (accounts.filter((a) => typeof a === 'string').length < 2) return;
  const set = ['MASG_EMAIL', 'MASG_DEVELOPER_KEY', 'MASG_TIMEZONE'].filter((v) => (env[v] ?? '').trim() !== '');
  if (set.length === 0) return;
  throw new ConfigError(
    `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: it would override every profile, making them one account.`,
    {
      hint: `Unset ${set.join(' and ')} to run several profiles; each profile keeps its own e-mail, key and time zone.`,
    },
  );
}

/** Runs task(0..n-1), at most `limit` at once, each as soon as a slot frees: a slow account holds only its own slot. */
async function settleEach(n: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
}

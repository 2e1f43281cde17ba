// forEachAccount: the same call over several accounts, concurrently within one limit, every
// account's outcome kept. A failed account never costs the others their results; an account the
// service refuses as restricted (code 1004) is reported as such and, like any refusal, not retried.
// Each account has its own share of the connections (concurrency / accounts at once), its own
// HostGates and its own signal, so one account's 429, Retry-After or hung requests hold only its
// own share. With `doneVerb` (as the CLI runs), two profiles of one e-mail are one account, tried in order.
import type { Dispatcher } from 'undici';
import { AuthError, ConfigError, ExitCode, InterruptedError, MasgError, UsageError, type ExitCodeValue } from '../core/errors.js';
import { checkConcurrency, DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../core/pool.js';
import { HostGates } from '../transport/host-gate.js';
import { createClient } from './client.js';
import type { ProfileOptions } from './profile.js';
import type { ClientOptions, MasgClient } from './types.js';

import type { AccountError, AccountFailure, AccountInfo, AccountResult } from './account-status.js';
import { fromProfile } from './profile.js';

export { accountStatus, describeAccountResult } from './account-status.js';
export type { AccountError, AccountFailure, AccountInfo, AccountResult, AccountStatusRecord, AccountSuccess } from './account-status.js';

/** A profile name (resolved as `masg --profile NAME`), or a client's options with an optional `name`. */
export type AccountInput = string | (ClientOptions & { name?: string });

export interface ForEachAccountOptions extends ProfileOptions {
  /** Accounts whose call runs at once, and connections per host over all of them; 1–16, default 4. */
  concurrency?: number;
  /** Stops starting accounts and aborts the running calls; their results say `interrupted`. */
  signal?: AbortSignal;
  /**
   * Applied to every account's client (timeouts, retries, userAgent, …). A `dispatcher` or
   * `hostGates` given here is shared by every account (then one account's pause holds the others).
   */
  overrides?: Partial<ClientOptions>;
  /**
   * When given, inputs of one e-mail at one service (base URL origin) are one account: tried in input order until the service
   * accepts one's credentials; each later one is not run, its result saying so ("b is E, already
   * read in this run as a.", with `doneVerb` 'read'). The CLI passes it for every command.
   */
  doneVerb?: string;
  /** After each account, in the order they finish; what it throws is ignored. */
  onSettled?: (result: AccountResult<unknown>, done: number, total: number) => void;
  /** How a profile name becomes client options (default: fromProfile); what it throws is that account's failure. */
  resolve?: (name: string) => Promise<ClientOptions>;
  /**
   * Builds each account's client from its options, its HostGates and signal included, with at most
   * `connections` per host (default: createClient over a pool of that many). The CLI passes its own,
   * with its proxy, --debug lines and notices.
   */
  client?: (options: ClientOptions, account: AccountInfo, connections: number) => MasgClient | Promise<MasgClient>;
}

export type AccountCall<T> = (client: MasgClient, account: AccountInfo, signal: AbortSignal) => Promise<T>;

export const DEFAULT_ACCOUNT_CONCURRENCY = DEFAULT_CONCURRENCY;
/** The one cap: --concurrency's (core/pool.ts). */
export const MAX_ACCOUNT_CONCURRENCY = MAX_CONCURRENCY;

/** Runs `call` once per account; resolves (never rejects for an account's failure) with one result per account, in input order. */
export async function forEachAccount<T>(
  accounts: readonly AccountInput[],
  call: AccountCall<T>,
  opts: ForEachAccountOptions = {},
): Promise<Array<AccountResult<T>>> {
  const concurrency = opts.concurrency === undefined ? DEFAULT_CONCURRENCY : checkConcurrency(opts.concurrency, 'concurrency');
  checkAccounts(accounts);
  checkEnvironment(accounts, opts.env ?? process.env);
  if (typeof call !== 'function')
    throw new UsageError('forEachAccount: call must be a function (client, account, signal) => Promise.', { field: 'call' });
  // Resolved before anything runs, so which profiles are one account never depends on timing.
  const resolved = await Promise.all(accounts.map((a) => resolve(a, opts)));
  const groups = opts.doneVerb === undefined ? accounts.map((_a, i) => [i]) : sameAccounts(accounts, resolved);
  const atOnce = Math.min(concurrency, groups.length);
  const run: Run<T> = { call, opts, connections: Math.max(1, Math.floor(concurrency / atOnce)), running: new Set() };
  // One listener on the caller's signal for all accounts, whatever their number.
  const onAbort = () => run.running.forEach((c) => c.abort(opts.signal?.reason));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const results = new Array<AccountResult<T>>(accounts.length);
  let done = 0;
  const settled = (i: number, r: AccountResult<T>) => {
    results[i] = r;
    try {
      opts.onSettled?.(r, ++done, accounts.length);
    } catch {
      // A progress display's bug must not cost the accounts their results.
    }
  };
  try {
    // Never rejects: runOne turns every failure into a result, and what onSettled throws is ignored.
    await settleEach(groups.length, atOnce, async (g) => {
      let doneAs: AccountResult<T> | undefined;
      for (const i of groups[g]) {
        if (doneAs !== undefined && !retryable(doneAs)) settled(i, sameAs(accounts[i], doneAs, opts.doneVerb!));
        else if (opts.signal?.aborted) settled(i, interrupted(provisional(accounts[i])));
        else settled(i, (doneAs = await runOne(accounts[i], resolved[i], run)));
      }
    });
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return results;
}

interface Run<T> {
  call: AccountCall<T>;
  opts: ForEachAccountOptions;
  /** Each account's share of the connections per host. */
  connections: number;
  running: Set<AbortController>;
}

type Resolved = { ok: true; o: ClientOptions } | { ok: false; err: unknown };

function resolve(input: AccountInput, opts: ForEachAccountOptions): Promise<Resolved> {
  return optionsOf(input, opts).then(
    (o) => ({ ok: true, o }),
    (err: unknown) => ({ ok: false, err }),
  );
}

/**
 * The accounts' indexes, those of one account together in input order: an account is an e-mail at
 * a service (the base URL's origin), so the same e-mail on production and on staging is two. A
 * profile that could not be read is its own.
 */
function sameAccounts(accounts: readonly AccountInput[], resolved: Resolved[]): number[][] {
  const byAccount = new Map<string, number[]>();
  const groups: number[][] = [];
  accounts.forEach((_a, i) => {
    const r = resolved[i];
    const key = r.ok ? `${originOf(r.o.baseUrl)} ${r.o.email}` : undefined;
    const group = key === undefined ? undefined : byAccount.get(key);
    if (group) return group.push(i);
    const fresh = [i];
    groups.push(fresh);
    if (key !== undefined) byAccount.set(key, fresh);
  });
  return groups;
}

/** `HTTPS://Api.Example.com:443/v1` and `https://api.example.com` are one service; a URL that does not parse is itself. */
function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/** The next profile of an account is tried when the service refused the earlier one's credentials (a stale key). */
function retryable(r: AccountResult<unknown>): boolean {
  return !r.ok && (r.status === 'rejected' || r.status === 'restricted');
}

/** A later profile of an account done (or failed other than by its credentials) under an earlier one: not run again. */
function sameAs<T>(input: AccountInput, done: AccountResult<T>, verb: string): AccountResult<T> {
  const account = { ...done.account, name: provisional(input).name };
  const field = typeof input === 'string' ? '--profile' : 'accounts';
  const who = `${account.name} is ${account.email ?? ''}`;
  if (done.ok) return failure(account, new UsageError(`${who}, already ${verb} in this run as ${done.account.name}.`, { field }));
  if (done.status === 'interrupted') return interrupted(account);
  const error = new MasgError(`${who}, not ${verb} again after its run as ${done.account.name} failed.`, { cause: done.error });
  return { ok: false, status: 'failed', account, error, exitCode: done.exitCode };
}

async function runOne<T>(input: AccountInput, resolved: Resolved, run: Run<T>): Promise<AccountResult<T>> {
  let account = provisional(input);
  let client: MasgClient | undefined;
  let pool: Dispatcher | undefined;
  const { opts } = run;
  // Its requests wait (a Retry-After, a pause) on signals of their own, derived from this one.
  const controller = new AbortController();
  run.running.add(controller);
  try {
    if (!resolved.ok) throw resolved.err;
    const options = resolved.o;
    account = { name: account.name, email: options.email, timeZone: opts.overrides?.timeZone ?? options.timeZone };
    const given = opts.overrides?.signal;
    const signal = given === undefined ? controller.signal : AbortSignal.any([controller.signal, given]);
    const hostGates = opts.overrides?.hostGates ?? new HostGates();
    let build = opts.client;
    if (build === undefined && opts.overrides?.dispatcher === undefined) {
      const { createPool } = await import('../transport/transport.js');
      pool = createPool({ maxConnections: run.connections, connectTimeoutMs: opts.overrides?.connectTimeoutMs });
    }
    build ??= createClient;
    const base = { ...options, ...opts.overrides, hostGates, signal, ...(pool && { dispatcher: pool }) };
    client = await build(base, account, run.connections);
    return { ok: true, status: 'ok', account, value: await run.call(client, account, signal) };
  } catch (err) {
    return failure(account, err);
  } finally {
    run.running.delete(controller);
    await client?.close().catch(() => undefined);
    await (controller.signal.aborted ? pool?.destroy() : pool?.close())?.catch(() => undefined);
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

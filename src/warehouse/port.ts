// What the warehouse commands (sync, sql) need from the CLI: the command's Context satisfies it
// structurally, so src/warehouse never imports src/context.ts or src/commands.
import type { Writable } from 'node:stream';
import type { AccountInfo, AccountResult } from '../sdk/accounts.js';
import type { MasgClient } from '../sdk/types.js';
import type { OutputFormat, OutputSettings } from '../output/types.js';
import type { Ui } from '../output/ui.js';

export interface WarehousePort {
  io: { env: Record<string, string | undefined>; stdout: Writable; signal: AbortSignal };
  /** Redacted from every message: a PostgreSQL password is added here. */
  secrets: string[];
  globals: {
    raw?: unknown;
    dryRun?: boolean;
    output?: OutputFormat;
    sandbox?: boolean;
    retries: number;
    deadline?: number;
    /** Seconds, as the CLI's client takes them. */
    timeout?: number;
    connectTimeout?: number;
    quiet?: boolean;
    /** --profile as typed: one name, or a list (then accounts() has it). */
    profile?: string;
  };
  /** masg's version, the user agent's. */
  version: string;
  /** The whole command's --deadline as an instant (performance.now()), taken once at its start. */
  deadlineAt?: number;
  /** Where masg keeps its configuration; --sandbox keeps its state (and its warehouse) under it. */
  configDir: string;
  /**
   * The account's zone is `timezone` (undefined when unknown: a sync then refuses, never guesses);
   * `baseUrl` is the service it is reached at (with --sandbox, the embedded sandbox's, on a new port each run).
   */
  credentials(): Promise<{ email: string; baseUrl: string; timezone?: string }>;
  /** The SDK client (a dry run asks it with `{ dryRun: true }`). */
  sdk(): Promise<MasgClient>;
  ui(): Promise<Ui>;
  /** The profiles a list names (`--profile a,b`, MASG_PROFILE=a,b, --all-profiles); undefined for one account. */
  accounts?(): Promise<{ names: string[]; source: string } | undefined>;
  outputSettings(): Promise<OutputSettings>;
}

/** What one account of several is given: its own client (its share of the pool) and its named messages. */
export interface AccountScope {
  /** Its profile's base URL: the service the account is reached at. */
  credentials(): Promise<{ baseUrl: string }>;
  sdk(): Promise<MasgClient>;
  ui(): Promise<Ui>;
}

/** A run over several accounts, as the one runner (src/command-kit/accounts-run.ts) takes it. */
export interface AccountsJob<T, S extends AccountScope = AccountScope> {
  /** The profiles, in the order given, and where the list came from (`--profile a,b`, --all-profiles…). */
  names: string[];
  source: string;
  /** --tz as given: refused, each account has its profile's zone. */
  tz?: string;
  /** --concurrency: accounts at once, and the connections per host they share out. */
  concurrency: number;
  /** What a later profile of an account already done says: "b is E, already synced in this run as a." */
  doneVerb: string;
  /** The progress line, counted in accounts (false: the command draws its own). */
  label?: string | false;
  call(scope: S, account: AccountInfo, signal: AbortSignal): Promise<T>;
}

/** The one runner over accounts, handed to the warehouse by the command that runs it. */
export type EachAccount = <T>(job: AccountsJob<T>) => Promise<Array<AccountResult<T>>>;

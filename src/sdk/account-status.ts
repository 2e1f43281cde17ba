// How one account's outcome of several is said: the status line the CLI prints and the same as
// data (-o json), one format for lists, statistics, sync and pulse.
import { ApiError, AuthError, ExitCode, type ExitCodeValue, type MasgError } from '../core/errors.js';

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

// Library code throws these; only src/cli.ts turns them into an exit code (nothing below it calls process.exit).

export const ExitCode = {
  OK: 0,
  INTERNAL: 1,
  USAGE: 2,
  CONFIG: 3,
  AUTH: 4,
  API: 5,
  NETWORK: 6,
  LOCAL_IO: 7,
  PARTIAL: 8,
  ALERT: 9,
  INTERRUPTED: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export class MasgError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.INTERNAL;
  /** A hint printed after the message: what the user can do next. */
  hint?: string;
  constructor(message: string, options?: { cause?: unknown; hint?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options?.hint;
  }
}

/** Bad flags or values, found before anything was sent. */
export class UsageError extends MasgError {
  override readonly exitCode = ExitCode.USAGE;
  /** The option or field at fault, e.g. "--name" or "name (line 4)". */
  readonly field?: string;
  constructor(message: string, options?: { field?: string; hint?: string; cause?: unknown }) {
    super(message, options);
    this.field = options?.field;
  }
}

/** Missing configuration or credentials, or input needed but there is no terminal to ask. */
export class ConfigError extends MasgError {
  override readonly exitCode = ExitCode.CONFIG;
}

/** The service answered with a masg-error. `code` decides the class, never the HTTP status. */
export class ApiError extends MasgError {
  override readonly exitCode: ExitCodeValue = ExitCode.API;
  readonly code: number;
  readonly status: number;
  readonly description: string;
  constructor(code: number, description: string, status: number) {
    super(`The service refused the request (code ${code}): ${description}`);
    this.code = code;
    this.status = status;
    this.description = description;
  }
}

/** Codes 1000–1004: the credentials (or the caller's address) were rejected. */
export class AuthError extends ApiError {
  override readonly exitCode = ExitCode.AUTH;
  constructor(code: number, description: string, status: number) {
    super(code, description, status);
    // 1004 is not a wrong key: the account has an allow-list of caller addresses, and this is not on it.
    this.message =
      code === 1004
        ? `The service refused this address for the account (code ${code}): ${description}`
        : `The service rejected the credentials (code ${code}): ${description}`;
    this.hint =
      code === 1004
        ? 'This account may only be used from other IP addresses (an allow-list on the service): run masg from an allowed address, or ask the account owner to allow this one.'
        : 'Check the e-mail and developer key: `masg whoami`, then `masg login` to replace them.';
  }
}

/** The service accepted the request but the requested change did not happen (e.g. STOPPED→ACTIVE). */
export class NotAppliedError extends MasgError {
  override readonly exitCode = ExitCode.API;
}

/** Network failure, timeout, malformed or non-service response, 5xx after retries. */
export class NetworkError extends MasgError {
  override readonly exitCode = ExitCode.NETWORK;
  /** HTTP status when a response was received, e.g. an HTML 502 from a proxy. */
  readonly status?: number;
  constructor(message: string, options?: { cause?: unknown; hint?: string; status?: number }) {
    super(message, options);
    this.status = options?.status;
  }
}

/** A local file could not be read or written: its own exit code, so cron can tell a full disk from a refused request. */
export class LocalIOError extends MasgError {
  override readonly exitCode = ExitCode.LOCAL_IO;
  readonly path: string;
  readonly errno?: string;
  constructor(message: string, options: { path: string; errno?: string; cause?: unknown; hint?: string }) {
    super(message, options);
    this.path = options.path;
    this.errno = options.errno;
  }
}

/** Some items of a multi-item operation failed (bulk apply with --continue-on-error). */
export class PartialError extends MasgError {
  override readonly exitCode = ExitCode.PARTIAL;
}

/** `masg pulse` printed its report and at least one finding is an alert: cron can act on it. */
export class AlertsFoundError extends MasgError {
  override readonly exitCode = ExitCode.ALERT;
}

/** Ctrl-C or SIGTERM: in-flight work was stopped and temporary files removed. */
export class InterruptedError extends MasgError {
  override readonly exitCode = ExitCode.INTERRUPTED;
  constructor(message = 'Interrupted.') {
    super(message);
  }
}

export function isAuthCode(code: number): boolean {
  return code >= 1000 && code <= 1004;
}

export function errorFromService(code: number, description: string, status: number): ApiError {
  return isAuthCode(code) ? new AuthError(code, description, status) : new ApiError(code, description, status);
}

// Errors the command layer already printed; cli.ts only maps them to an exit code.
const reported = new WeakSet<object>();
export function markReported(err: object): void {
  reported.add(err);
}
export function wasReported(err: unknown): boolean {
  return typeof err === 'object' && err !== null && reported.has(err);
}

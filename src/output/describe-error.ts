// Errors as data: the source of both the `masg: message` text and the JSON that `-o json` scripts read from stderr.

import { MasgError } from '../core/errors.js';

export interface ErrorDescription {
  name: string;
  exitCode: number;
  message: string;
  hint?: string;
  /** The service's masg-error code and HTTP status, for ApiError and AuthError. */
  code?: number;
  status?: number;
  /** The option or field at fault, for UsageError. */
  field?: string;
}

export function describeError(error: unknown): ErrorDescription {
  if (error instanceof MasgError) {
    const extra = error as MasgError & { code?: unknown; status?: unknown; field?: unknown };
    const d: ErrorDescription = { name: error.name, exitCode: error.exitCode, message: error.message };
    if (error.hint) d.hint = error.hint;
    if (typeof extra.code === 'number') d.code = extra.code;
    if (typeof extra.status === 'number') d.status = extra.status;
    if (typeof extra.field === 'string') d.field = extra.field;
    return d;
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    name: 'InternalError',
    exitCode: 1,
    message: `internal error: ${message}`,
    hint: 'This is a bug in masg. Please report it with the output of the same command run with --debug.',
  };
}

// Text about requests and responses for --debug and --dry-run. Every line passes through the
// redactor, and the Authorization header is never shown at all.
import { ExitCode, MasgError } from '../core/errors.js';
import { redactHeaders, type Redactor } from '../core/redact.js';
import type { HttpRequest } from './http-request.js';

/** Thrown after --dry-run described a request instead of sending it; the CLI exits 0. */
export class DryRunDone extends MasgError {
  override readonly exitCode = ExitCode.OK;
  constructor() {
    super('Dry run: nothing was sent.');
  }
}

/**
 * The one test for "--dry-run described a request instead of sending it": a command describing
 * several requests goes on after it, and the CLI (src/commands/run.ts) takes it as success.
 */
export function isDryRun(err: unknown): err is DryRunDone {
  return err instanceof DryRunDone;
}

/** Bodies up to this size are shown in --debug output. */
export const DEBUG_BODY_LIMIT = 4096;

/** Control characters (raw in production bodies) shown as escapes instead of acting on the terminal. */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this escapes
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The full request for --dry-run: request line, headers, blank line, body. */
export function dryRunLines(http: HttpRequest, redact: Redactor): string[] {
  const lines = [`${http.method} ${http.url.href}`];
  const headers = redactHeaders(http.headers, redact);
  for (const name of Object.keys(headers).sort()) lines.push(`${displayName(name)}: ${headers[name]}`);
  if (http.body !== undefined) lines.push('', http.body);
  return lines.map(redact);
}

/** One line per request for --debug, with the form body exactly as sent. */
export function debugRequestLine(http: HttpRequest, redact: Redactor): string {
  const body = http.body ? ` body: ${http.body}` : '';
  return redact(`→ ${http.method} ${http.url.href}${body}`);
}

export function debugResponseLines(
  info: { status: number; contentType: string; elapsedMs: number; bytes?: number; body?: string },
  redact: Redactor,
): string[] {
  const size = info.bytes === undefined ? 'streamed' : `${info.bytes} bytes`;
  const lines = [`← ${info.status} ${info.contentType || '(no content type)'} ${Math.round(info.elapsedMs)} ms ${size}`];
  if (info.body !== undefined && info.bytes !== undefined && info.bytes <= DEBUG_BODY_LIMIT) {
    lines.push(escapeControls(info.body).replace(/^/gm, '  '));
  }
  return lines.map(redact);
}

function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase());
}

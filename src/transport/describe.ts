// Text about requests and responses for --debug and --dry-run. Every line passes through the
// redactor, and the Authorization header is never shown at all.
import { redactHeaders, type Redactor } from '../core/redact.js';
import type { HttpRequest } from './http-request.js';
import type { DescribedRequest } from './types.js';

export const DEBUG_BODY_LIMIT = 4096;

/** Control characters (raw in production bodies) shown as escapes instead of acting on the terminal. */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this escapes
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A dry run's request: the URL, headers and body as they would go, redacted, and as text. */
export function describeRequest(http: HttpRequest, redact: Redactor): DescribedRequest {
  const sent = redactHeaders(http.headers, redact);
  const names = Object.keys(sent).sort();
  const lines = [`${http.method} ${http.url.href}`, ...names.map((name) => `${displayName(name)}: ${sent[name]}`)];
  if (http.body !== undefined) lines.push('', http.body);
  return {
    method: http.method,
    url: redact(http.url.href),
    headers: Object.fromEntries(names.map((name) => [displayName(name), redact(sent[name])])),
    ...(http.body !== undefined && { body: redact(http.body) }),
    text: lines.map(redact).join('\n'),
  };
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

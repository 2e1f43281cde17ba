// Low-level failures (no usable HTTP response) as NetworkErrors a person can act on. Node and
// undici report them as codes on the error or on its cause; the message names the host.
import { NetworkError } from '../errors.js';

function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}

const TIMEOUT_CODES = ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'];

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/**
 * @param timedOut our own deadline fired (the abort error itself does not say why).
 * @param phase 'connect' before response headers, 'body' while reading the body.
 */
export function networkFailure(
  err: unknown,
  url: URL,
  opts: {
    timeoutMs: number;
    timedOut: boolean;
    phase: 'connect' | 'body';
    redact?: (text: string) => string;
    /** Set when it was the overall --deadline (in ms), not the per-request timeout, that fired. */
    deadlineMs?: number;
    connectTimeoutMs?: number;
    /** The proxy the request went through, already redacted, e.g. "http://proxy:3128". */
    via?: string;
  },
): NetworkError {
  const host = url.host;
  const codes = codesOf(err);
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  const detail = err instanceof Error ? err.message : String(err);
  let message: string;
  let hint: string | undefined;
  if (opts.timedOut && opts.deadlineMs !== undefined) {
    message = `Gave up: the --deadline of ${seconds(opts.deadlineMs)} was reached while waiting for ${host}.`;
    hint = 'Raise --deadline, or try again later.';
  } else if (has('UND_ERR_CONNECT_TIMEOUT')) {
    const limit = opts.connectTimeoutMs === undefined ? '' : ` within ${seconds(opts.connectTimeoutMs)}`;
    message = `Could not connect to ${host}${limit}: the connection attempt timed out.`;
    hint = 'The host may be down or a firewall may drop the connection; check --base-url and any proxy, or raise --connect-timeout.';
  } else if (opts.timedOut || has(...TIMEOUT_CODES)) {
    message = `Timed out after ${seconds(opts.timeoutMs)} waiting for ${host}.`;
    hint = 'The service may be slow or unreachable; raise --timeout or try again later.';
  } else if (has('ENOTFOUND', 'EAI_AGAIN')) {
    message = `Could not find the host ${url.hostname} (DNS lookup failed).`;
    hint = `Check the base URL ${BASE_URL_SOURCES} and your network connection.`;
  } else if (has('ECONNREFUSED')) {
    message = `Could not connect to ${host}: the connection was refused.`;
    hint = `Is the service running there? Check the host and port of the base URL ${BASE_URL_SOURCES}.`;
  } else if (has('ETIMEDOUT')) {
    message = `Could not connect to ${host}: the connection attempt timed out.`;
  } else if (opts.phase === 'body') {
    message = `The connection to ${host} was closed before the whole response arrived (${detail}).`;
    hint = 'The response was incomplete; try again.';
  } else if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED')) {
    message = `The connection to ${host} was closed before the service answered (${detail}).`;
  } else if (codes.some((c) => c.startsWith('ERR_TLS') || c.includes('CERT') || c.startsWith('ERR_SSL'))) {
    message = `The secure connection to ${host} failed: ${detail}.`;
    hint = 'Check the base URL and the server certificate.';
  } else {
    message = `Network error talking to ${host}: ${detail}${codes.length ? ` (${codes[0]})` : ''}.`;
  }
  // A proxy that is down or refuses looks like the service failing; name it so nobody debugs the wrong host.
  if (opts.via) message = `${message.replace(/\.$/, '')} (through the proxy ${opts.via}).`;
  // Redacted before construction so the stack trace (printed by --debug) is clean too.
  return new NetworkError(opts.redact ? opts.redact(message) : message, { cause: err, hint });
}

/** Failed before a connection existed: nothing can have reached the service (safe to say for a POST). */
const NOT_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'];

export function neverConnected(err: unknown): boolean {
  const codes = codesOf(err);
  return codes.some((c) => NOT_CONNECTED.includes(c) || c.startsWith('ERR_TLS') || c.includes('CERT') || c.startsWith('ERR_SSL'));
}

/**
 * Worth another attempt (for a request that is safe to repeat): everything but a host that does
 * not exist and a certificate that will still be wrong a second later.
 */
export function isTransientNetwork(err: unknown): boolean {
  const codes = codesOf(err);
  const permanent = (c: string) => c === 'ENOTFOUND' || c.startsWith('ERR_TLS') || c.includes('CERT') || c.startsWith('ERR_SSL');
  return !codes.some(permanent);
}

/** Where the base URL may have come from: the hint must not send someone who set MASG_BASE_URL to a flag they never used. */
const BASE_URL_SOURCES = '(--base-url, else MASG_BASE_URL, else the profile: `masg whoami` shows which)';

/** What a connection-level code means, in the words of the retry line. */
const REASONS: Readonly<Record<string, string>> = {
  ECONNRESET: 'the connection was reset',
  UND_ERR_SOCKET: 'the connection was closed',
  UND_ERR_CLOSED: 'the connection was closed',
  EPIPE: 'the connection was closed',
  ECONNREFUSED: 'the connection was refused',
  EAI_AGAIN: 'a failed DNS lookup',
  EHOSTUNREACH: 'the host was unreachable',
  ENETUNREACH: 'the network was unreachable',
  ETIMEDOUT: 'a connection timeout',
  UND_ERR_CONNECT_TIMEOUT: 'a connection timeout',
};

/** A few words for the retry line: "a timeout", "the connection was reset (ECONNRESET)". */
export function failureReason(err: unknown, timedOut: boolean): string {
  if (timedOut) return 'a timeout';
  const code = codesOf(err).find((c) => c !== 'UND_ERR_SOCKET' && c !== 'ABORT_ERR') ?? codesOf(err)[0];
  if (code === undefined) return 'a network error';
  // The code stays beside the words: it is what one searches for.
  return REASONS[code] ? `${REASONS[code]} (${code})` : `a network error (${code})`;
}

// Failures with no usable HTTP response, as NetworkErrors a person can act on.
import { ConfigError, NetworkError } from '../core/errors.js';
import type { ProxyRoute } from './proxy.js';

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

/** `timedOut`: our own deadline fired (the abort error does not say why). */
export function networkFailure(
  err: unknown,
  url: URL,
  opts: {
    timeoutMs: number;
    timedOut: boolean;
    phase: 'connect' | 'body';
    redact?: (text: string) => string;
    /** Set when the overall --deadline fired, not the per-request timeout. */
    deadlineMs?: number;
    connectTimeoutMs?: number;
    via?: ProxyRoute;
  },
): NetworkError {
  const host = url.host;
  const codes = codesOf(err);
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  const detail = err instanceof Error ? err.message : String(err);
  const redact = opts.redact ?? ((text: string) => text);
  let message: string;
  let hint: string | undefined;
  const proxyDown = opts.via && !opts.timedOut ? proxyConnectFailure(codes, opts.via, opts.connectTimeoutMs) : undefined;
  if (proxyDown) {
    ({ message, hint } = proxyDown);
  } else if (opts.timedOut && opts.deadlineMs !== undefined) {
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
  // Name the proxy so nobody debugs the wrong path.
  if (opts.via && !proxyDown) message = `${message.replace(/\.$/, '')} (through the proxy ${opts.via.url}).`;
  // Redacted before construction so the stack trace (printed by --debug) is clean too.
  return new NetworkError(redact(message), { cause: err, hint: hint === undefined ? undefined : redact(hint) });
}

const CONNECT_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'its host name was not found (DNS lookup failed)',
  EAI_AGAIN: 'its host name could not be looked up (DNS lookup failed)',
  UND_ERR_CONNECT_TIMEOUT: 'the connection attempt timed out',
  ETIMEDOUT: 'the connection attempt timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

/** Through a proxy, a refused, unknown or silent host is the proxy, never the service. */
function proxyConnectFailure(codes: string[], via: ProxyRoute, connectTimeoutMs?: number): { message: string; hint: string } | undefined {
  const code = codes.find((c) => CONNECT_FAILURES[c] !== undefined);
  if (code === undefined) return undefined;
  const limit = code === 'UND_ERR_CONNECT_TIMEOUT' && connectTimeoutMs !== undefined ? ` within ${seconds(connectTimeoutMs)}` : '';
  return {
    message: `Could not connect to the proxy ${via.url} (from ${via.variable})${limit}: ${CONNECT_FAILURES[code]} (${code}). The service itself was not reached.`,
    hint: `Check that the proxy is running and that ${via.variable} names its host and port, or unset ${via.variable} (hosts listed in NO_PROXY are reached directly).`,
  };
}

/** The proxy would not open the tunnel: 407 is a configuration error (exit 3), others exit 6. */
export function isProxyRefusal(err: unknown): boolean {
  return /Proxy response \(\d{3}\)|Proxy Authentication Required/.test(err instanceof Error ? err.message : String(err));
}

export function proxyRefusal(
  err: unknown,
  url: URL,
  via: ProxyRoute,
  redact: (text: string) => string = (t) => t,
): ConfigError | NetworkError | undefined {
  if (!isProxyRefusal(err)) return undefined;
  const text = err instanceof Error ? err.message : String(err);
  const status = /Proxy response \((\d{3})\)/.exec(text)?.[1] ?? '407';
  if (status === '407') {
    return new ConfigError(
      redact(
        `The proxy ${via.url} (from ${via.variable}) rejected masg's proxy credentials (HTTP 407 Proxy Authentication Required); nothing reached ${url.host}.`,
      ),
      {
        cause: err,
        hint: `Put the proxy's user name and password in ${via.variable}: http://user:password@host:port (percent-encode special characters).`,
      },
    );
  }
  return new NetworkError(
    redact(
      `The proxy ${via.url} (from ${via.variable}) would not open a connection to ${url.host} (HTTP ${status}); nothing reached the service.`,
    ),
    {
      cause: err,
      hint: `The proxy may not allow ${url.host} or could not reach it; list the host in NO_PROXY to bypass the proxy.`,
    },
  );
}

/** Failed before a connection existed: nothing can have reached the service (safe to say for a POST). */
const NOT_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'];

export function neverConnected(err: unknown): boolean {
  const codes = codesOf(err);
  return codes.some((c) => NOT_CONNECTED.includes(c) || c.startsWith('ERR_TLS') || c.includes('CERT') || c.startsWith('ERR_SSL'));
}

/** All but a host that does not exist and a certificate that will still be wrong a second later. */
export function isTransientNetwork(err: unknown): boolean {
  const codes = codesOf(err);
  const permanent = (c: string) => c === 'ENOTFOUND' || c.startsWith('ERR_TLS') || c.includes('CERT') || c.startsWith('ERR_SSL');
  return !codes.some(permanent);
}

/** The hint must not send someone who set MASG_BASE_URL to a flag they never used. */
const BASE_URL_SOURCES = '(--base-url, else MASG_BASE_URL, else the profile: `masg whoami` shows which)';

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

// The transport owns HTTP: base URL joining, Basic auth, user agent, timeouts, charset decoding
// and turning bodies into typed errors. One attempt is `exchange()`; a retry loop for safe
// requests and a proxy-aware dispatcher (EnvHttpProxyAgent) slot in around it later.
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { ConfigError, InterruptedError, MasgError } from '../errors.js';
import { basicCredentials, createRedactor, secretsFor } from '../redact.js';
import { decodeBody, peek, readAll, replay, single } from './body.js';
import { DryRunDone, debugRequestLine, debugResponseLines, dryRunLines } from './describe.js';
import { networkFailure } from './failures.js';
import { buildHttpRequest, parseBaseUrl, type HttpRequest } from './http-request.js';
import { SERVICE_ROOTS, interpretResponse, sniffRoot } from './interpret.js';
import type { ApiClient, ApiRequest, ApiResponse } from './types.js';

export { DryRunDone } from './describe.js';

export interface ClientOptions {
  baseUrl: string;
  email: string;
  key: string;
  /** e.g. "masg/1.2.3"; the caller knows the version. */
  userAgent?: string;
  /** Per request, from sending until the whole body has arrived (streams: until headers, then per chunk). */
  timeoutMs?: number;
  /** Injected by tests (MockAgent, loopback Agent) or for a proxy; not closed by close(). */
  dispatcher?: Dispatcher;
  /** Receives already-redacted lines, one per request and per response. */
  debug?: (line: string) => void;
  /** When set: describe the request, send nothing, throw DryRunDone. */
  dryRun?: (line: string) => void;
  /** Aborts in-flight requests (Ctrl-C); they reject with InterruptedError. */
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Bytes read from a statistics stream before deciding whether it is a service body. */
const STREAM_PEEK_BYTES = 512;

function defaultDispatcher(): Dispatcher {
  // Keep-alive: an --interval report sends many requests to the same host.
  return new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 8 });
}

/** Basic credentials cross the network in the clear over http://; only a loopback service may get them. */
function assertSafeScheme(base: URL): void {
  const host = base.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  if (base.protocol === 'http:' && !loopback) {
    throw new ConfigError(`Refusing to send credentials over plain http:// to ${base.host}.`, {
      hint: 'Use an https:// base URL (http:// is allowed only for loopback addresses).',
    });
  }
}

export function createClient(opts: ClientOptions): ApiClient {
  const base = parseBaseUrl(opts.baseUrl);
  assertSafeScheme(base);
  const redact = createRedactor(secretsFor(opts.email, opts.key));
  const fixed = { authorization: `Basic ${basicCredentials(opts.email, opts.key)}`, userAgent: opts.userAgent ?? 'masg' };
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const owned = opts.dispatcher === undefined ? defaultDispatcher() : undefined;
  const dispatcher = opts.dispatcher ?? owned!;

  /** The HTTP request, or (dry run) its description followed by DryRunDone. */
  function prepare(req: ApiRequest): HttpRequest {
    const http = buildHttpRequest(base, req, fixed);
    if (opts.dryRun) {
      for (const line of dryRunLines(http, redact)) opts.dryRun(line);
      throw new DryRunDone();
    }
    opts.debug?.(debugRequestLine(http, redact));
    return http;
  }

  /** A deadline for one attempt, also tripped by the caller's signal. */
  function deadline() {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const signal = opts.signal ? AbortSignal.any([controller.signal, opts.signal]) : controller.signal;
    return { signal, timedOut: () => controller.signal.aborted, clear: () => clearTimeout(timer) };
  }

  function failure(err: unknown, http: HttpRequest, timedOut: boolean, phase: 'connect' | 'body'): MasgError {
    if (opts.signal?.aborted && !timedOut) return new InterruptedError();
    return networkFailure(err, http.url, { timeoutMs, timedOut, phase, redact });
  }

  /** One attempt up to the response headers. */
  async function exchange(http: HttpRequest, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    return undiciRequest(http.url, {
      dispatcher,
      method: http.method,
      headers: http.headers,
      body: http.body,
      signal,
      // Our deadline governs; undici's own timers only as a backstop for streams.
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  function logResponse(status: number, contentType: string, started: number, bytes?: number, body?: string): void {
    if (!opts.debug) return;
    const elapsedMs = performance.now() - started;
    for (const line of debugResponseLines({ status, contentType, elapsedMs, bytes, body }, redact)) opts.debug(line);
  }

  /** One complete attempt: send, read the whole body, decide. A retry loop wraps exactly this. */
  async function attempt(http: HttpRequest): Promise<ApiResponse> {
    const started = performance.now();
    const limit = deadline();
    let phase: 'connect' | 'body' = 'connect';
    let res: ApiResponse;
    try {
      const raw = await exchange(http, limit.signal);
      phase = 'body';
      const bytes = await readAll(raw.body);
      const contentType = headerValue(raw.headers['content-type']);
      res = { status: raw.statusCode, contentType, body: decodeBody(bytes, contentType) };
      logResponse(res.status, contentType, started, bytes.byteLength, res.body);
    } catch (err) {
      throw failure(err, http, limit.timedOut(), phase);
    } finally {
      limit.clear();
    }
    return interpretResponse(res, http.url, redact);
  }

  async function request(req: ApiRequest): Promise<ApiResponse> {
    return attempt(prepare(req));
  }

  async function stream(req: ApiRequest): Promise<{ status: number; contentType: string; body: AsyncIterable<Uint8Array> }> {
    const http = prepare(req);
    const started = performance.now();
    const limit = deadline();
    let phase: 'connect' | 'body' = 'connect';
    try {
      const raw = await exchange(http, limit.signal);
      phase = 'body';
      const contentType = headerValue(raw.headers['content-type']);
      const peeked = await peek(raw.body, STREAM_PEEK_BYTES);
      const head = Buffer.concat(peeked.chunks);
      const sniffed = sniffRoot(head.toString('latin1'), contentType);
      if (raw.statusCode === 200 && !peeked.done && SERVICE_ROOTS.includes(sniffed.root ?? '')) {
        logResponse(raw.statusCode, contentType, started);
        limit.clear(); // from here the body is the caller's to pace; bodyTimeout guards stalls
        return { status: 200, contentType, body: replay(peeked, (err) => failure(err, http, false, 'body')) };
      }
      // Small, failed or not a service body: read it whole and let interpretResponse decide.
      const bytes = Buffer.concat([head, await readAll({ [Symbol.asyncIterator]: () => peeked.rest })]);
      const res = { status: raw.statusCode, contentType, body: decodeBody(bytes, contentType) };
      logResponse(res.status, contentType, started, bytes.byteLength, res.body);
      limit.clear();
      interpretResponse(res, http.url, redact);
      return { status: res.status, contentType, body: single(bytes) };
    } catch (err) {
      if (err instanceof MasgError) throw err; // already decided by interpretResponse
      throw failure(err, http, limit.timedOut(), phase);
    } finally {
      limit.clear();
    }
  }

  return {
    request,
    stream,
    close: async () => {
      await owned?.close();
    },
  };
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

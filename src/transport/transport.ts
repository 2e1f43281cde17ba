// The transport owns HTTP: auth, timeouts, retries, proxy, charsets, typed errors. A GET is
// retried on network errors, 5xx and 429; a POST is never sent twice.
import { request as undiciRequest, type Dispatcher } from 'undici';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, TRANSPORT_RETRIES } from '../config/defaults.js';
import { InterruptedError, MasgError, NetworkError } from '../core/errors.js';
import { basicCredentials, createRedactor, secretsFor } from '../core/redact.js';
import { decodeBody, peek, readAll, replay, single } from './body.js';
import { debugRequestLine, debugResponseLines, describeRequest } from './describe.js';
import { failureReason, isProxyRefusal, isTransientNetwork, networkFailure, neverConnected, proxyRefusal } from './failures.js';
import { assertSafeScheme, buildHttpRequest, parseBaseUrl, type HttpRequest } from './http-request.js';
import { SERVICE_ROOTS, interpretResponse, sniffRoot } from './interpret.js';
import type { HostGates } from './host-gate.js';
import { createLimits, type Limits } from './limits.js';
import { interruptedOutcome, notSent, rateLimited, unknownOutcome } from './outcome.js';
import { createDispatcher, proxyFor, proxySecrets, type ProxySettings } from './proxy.js';
import { DEFAULT_POLICY, Transient, isRetryableStatus, parseRetryAfter, secs, timerMs, withRetries, type RetryPolicy } from './retry.js';
import type { Transport, ApiRequest, ApiResponse, StreamOptions, StreamResponse } from './types.js';

export { proxyFromEnv, proxySecrets, type ProxySettings } from './proxy.js';

export interface TransportOptions {
  baseUrl: string;
  email: string;
  key: string;
  userAgent?: string;
  /** Per attempt, until the whole body has arrived (streams: until headers, then per chunk). */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  retries?: number;
  deadlineMs?: number;
  /** The deadline as a performance.now() instant shared by several transports (--deadline). */
  deadlineAt?: number;
  /** Connections per host (--concurrency). Default: no cap. */
  maxConnections?: number;
  /** With an injected dispatcher, only for messages: that dispatcher must route through it. */
  proxy?: ProxySettings;
  retryPolicy?: Partial<Omit<RetryPolicy, 'retries' | 'deadlineAt'>>;
  /** Not closed by close(). */
  dispatcher?: Dispatcher;
  debug?: (line: string) => void;
  notice?: (line: string) => void;
  signal?: AbortSignal;
  /** Shared by several clients: a 429 or Retry-After one of them meets pauses them all on that host. */
  hostGates?: HostGates;
}

/** Bytes read from a statistics stream before deciding whether it is a service body. */
const STREAM_PEEK_BYTES = 512;

type Phase = 'connect' | 'body';

export function createTransport(opts: TransportOptions): Transport {
  const base = parseBaseUrl(opts.baseUrl);
  assertSafeScheme(base);
  const redact = createRedactor([...secretsFor(opts.email, opts.key), ...proxySecrets(opts.proxy)]);
  const fixed = { authorization: `Basic ${basicCredentials(opts.email, opts.key)}`, userAgent: opts.userAgent ?? 'masg' };
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = connectTimeoutOf(opts);
  const owned = opts.dispatcher === undefined ? createPool(opts) : undefined;
  const dispatcher = opts.dispatcher ?? owned!;
  const via = proxyFor(opts.proxy, base);
  const policy: RetryPolicy = { ...DEFAULT_POLICY, ...opts.retryPolicy, retries: Math.max(0, opts.retries ?? TRANSPORT_RETRIES) };
  policy.deadlineAt = opts.deadlineAt ?? (opts.deadlineMs === undefined ? undefined : policy.now() + opts.deadlineMs);

  const prepare = (req: ApiRequest): HttpRequest => buildHttpRequest(base, req, fixed);
  const limits = () => createLimits({ timeoutMs, deadlineAt: policy.deadlineAt, now: policy.now, signal: opts.signal });
  const w: Wire = { opts, redact, timeoutMs, connectTimeoutMs, dispatcher, via, policy, limits };

  return {
    describe: (req) => Promise.resolve().then(() => describeRequest(prepare(req), w.redact)),
    request: async (req) => {
      const http = prepare(req);
      return retrying(w, req, http, () => attempt(w, req, http));
    },
    stream: async <T = never>(req: ApiRequest, streamOpts: StreamOptions<T> = {}) => {
      const http = prepare(req);
      const readAhead = Math.max(STREAM_PEEK_BYTES, streamOpts.readAhead ?? 0);
      return retrying(w, req, http, () => openStream(w, req, http, streamOpts, readAhead));
    },
    // After Ctrl-C nothing is worth waiting for: destroy sockets instead of draining them.
    close: async () => {
      if (owned) await (opts.signal?.aborted ? owned.destroy() : owned.close());
    },
  };
}

/** What every attempt of one transport shares. */
interface Wire {
  opts: TransportOptions;
  redact: (text: string) => string;
  timeoutMs: number;
  connectTimeoutMs: number;
  dispatcher: Dispatcher;
  via: ReturnType<typeof proxyFor>;
  policy: RetryPolicy;
  limits: () => Limits;
}

/** A failure without a usable response, in words; Ctrl-C is an interruption, not a network error. */
function lowLevel(w: Wire, err: unknown, http: HttpRequest, limit: Limits, phase: Phase): MasgError {
  if (err instanceof InterruptedError || (w.opts.signal?.aborted && !limit.timedOut())) return new InterruptedError();
  const refused = w.via && phase === 'connect' ? proxyRefusal(err, http.url, w.via, w.redact) : undefined;
  if (refused) return refused;
  const deadlineMs = limit.deadlineHit() ? w.opts.deadlineMs : undefined;
  return networkFailure(err, http.url, {
    timeoutMs: w.timeoutMs,
    timedOut: limit.timedOut(),
    phase,
    redact: w.redact,
    deadlineMs,
    connectTimeoutMs: w.connectTimeoutMs,
    via: w.via,
  });
}

/**
 * What a failed attempt means. GET: a Transient when another attempt may succeed. POST: never
 * retried, and the message says whether the change can have happened.
 */
function settle(w: Wire, err: unknown, req: ApiRequest, http: HttpRequest, limit: Limits, phase: Phase, retryAfterMs?: number): Error {
  const post = http.method === 'POST';
  if (err instanceof MasgError && !(err instanceof NetworkError)) return err; // the service said no, or Ctrl-C
  if (err instanceof NetworkError) {
    // Decided by interpretResponse from a complete response: the status says whether it can pass.
    const status = err.status ?? 0;
    if (post && status === 429) return rateLimited(err, retryAfterMs);
    if (post) return status >= 500 || status === 200 ? unknownOutcome(err, req) : err;
    return isRetryableStatus(status) ? new Transient(err, `HTTP ${status}`, retryAfterMs) : err;
  }
  const failure = lowLevel(w, err, http, limit, phase);
  if (post && failure instanceof InterruptedError && !neverConnected(err)) return interruptedOutcome(req);
  if (!(failure instanceof NetworkError)) return failure;
  // A proxy that would not open the tunnel never passed the request on.
  if (post) return neverConnected(err) || (w.via && isProxyRefusal(err)) ? notSent(failure) : unknownOutcome(failure, req);
  const transient = !limit.deadlineHit() && (limit.timedOut() || isTransientNetwork(err));
  return transient ? new Transient(failure, failureReason(err, limit.timedOut())) : failure;
}

async function exchange(w: Wire, http: HttpRequest, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  w.opts.debug?.(debugRequestLine(http, w.redact));
  // Our limits govern; undici's own timers are a backstop, and for streams the stall guard.
  const backstopMs = timerMs(w.timeoutMs);
  return undiciRequest(http.url, {
    dispatcher: w.dispatcher,
    method: http.method,
    headers: http.headers,
    body: http.body,
    signal,
    headersTimeout: backstopMs,
    bodyTimeout: backstopMs,
  });
}

function logResponse(w: Wire, status: number, contentType: string, started: number, bytes?: number, body?: string): void {
  if (!w.opts.debug) return;
  const elapsedMs = performance.now() - started;
  for (const line of debugResponseLines({ status, contentType, elapsedMs, bytes, body }, w.redact)) w.opts.debug(line);
}

async function attempt(w: Wire, req: ApiRequest, http: HttpRequest): Promise<ApiResponse> {
  const started = performance.now();
  const limit = w.limits();
  let phase: Phase = 'connect';
  let retryAfterMs: number | undefined;
  try {
    const raw = await exchange(w, http, limit.signal);
    phase = 'body';
    retryAfterMs = parseRetryAfter(headerValue(raw.headers['retry-after']));
    const bytes = await readAll(raw.body);
    const contentType = headerValue(raw.headers['content-type']);
    const res = { status: raw.statusCode, contentType, body: decodeBody(bytes, contentType), bytes };
    logResponse(w, res.status, contentType, started, bytes.byteLength, res.body);
    await interpretResponse(res, http.url, w.redact);
    return res;
  } catch (err) {
    throw settle(w, err, req, http, limit, phase, retryAfterMs);
  } finally {
    limit.clear();
  }
}

/** Retried until the body is handed over; after that rows may be written, so a cut is final. */
async function openStream<T>(
  w: Wire,
  req: ApiRequest,
  http: HttpRequest,
  streamOpts: StreamOptions<T>,
  readAhead: number,
): Promise<StreamResponse<T>> {
  const started = performance.now();
  const limit = w.limits();
  let phase: Phase = 'connect';
  let retryAfterMs: number | undefined;
  let handedOver = false;
  try {
    const raw = await exchange(w, http, limit.signal);
    phase = 'body';
    retryAfterMs = parseRetryAfter(headerValue(raw.headers['retry-after']));
    const contentType = headerValue(raw.headers['content-type']);
    const peeked = await peek(raw.body, readAhead);
    const head = Buffer.concat(peeked.chunks);
    const sniffed = sniffRoot(head.toString('latin1'), contentType);
    if (raw.statusCode === 200 && !peeked.done && SERVICE_ROOTS.includes(sniffed.root ?? '')) {
      logResponse(w, raw.statusCode, contentType, started);
      limit.rearm();
      handedOver = true;
      return { status: 200, contentType, body: replay(peeked, (err) => lowLevel(w, err, http, limit, 'body')) };
    }
    // Small, failed or not a service body: read it whole and let interpretResponse decide.
    const bytes = Buffer.concat([head, await readAll({ [Symbol.asyncIterator]: () => peeked.rest })]);
    const res = { status: raw.statusCode, contentType, body: decodeBody(bytes, contentType), bytes };
    logResponse(w, res.status, contentType, started, bytes.byteLength, res.body);
    const read = await interpretResponse(res, http.url, w.redact, streamOpts.readWhole);
    return { status: res.status, contentType, body: single(bytes), read };
  } catch (err) {
    throw settle(w, err, req, http, limit, phase, retryAfterMs);
  } finally {
    if (!handedOver) limit.clear();
  }
}

function retrying<T>(w: Wire, req: ApiRequest, http: HttpRequest, once: () => Promise<T>): Promise<T> {
  // Past the deadline (a long report, a bulk run): fail without sending, so a create is "not sent".
  if (w.policy.deadlineAt !== undefined && w.policy.now() >= w.policy.deadlineAt) {
    const late = networkFailure(new Error('deadline passed'), http.url, {
      timeoutMs: w.timeoutMs,
      timedOut: true,
      phase: 'connect',
      redact: w.redact,
      deadlineMs: w.opts.deadlineMs,
      via: w.via,
    });
    return Promise.reject(http.method === 'POST' ? notSent(late) : late);
  }
  // The request's own signal, aborted with the caller's: its waits (a backoff, a Retry-After, its
  // host's pause) listen on it, not on the caller's, which many requests share (a command's Ctrl-C,
  // an account's cancellation) and which would gather one listener per waiting request.
  const signal = w.opts.signal && AbortSignal.any([w.opts.signal]);
  return withRetries(once, w.policy, {
    signal,
    ...w.opts.hostGates?.hooks(http.url.origin, signal, w.policy),
    onRetry: ({ next, of, delayMs, reason }) => {
      const line = w.redact(`Retrying in ${secs(delayMs)} after ${reason} from ${http.url.host} (attempt ${next} of ${of}).`);
      w.opts.debug?.(`↻ ${line}`);
      w.opts.notice?.(line);
    },
  });
}

/** The one place the connect timeout's default is applied. */
export function connectTimeoutOf(opts: Pick<TransportOptions, 'connectTimeoutMs'>): number {
  return opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
}

/** A connection pool (through the proxy, if any) that several transports may share. */
export function createPool(opts: Pick<TransportOptions, 'proxy' | 'connectTimeoutMs' | 'maxConnections'>): Dispatcher {
  return createDispatcher({ proxy: opts.proxy, connectTimeoutMs: connectTimeoutOf(opts), connections: opts.maxConnections });
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

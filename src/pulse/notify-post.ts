// The POST of a notification to its webhook. Retried, as the transport retries a request
// (src/transport/retry.ts: backoff, Retry-After, --deadline), only where it surely did not
// arrive: no connection was made, or the receiver answered 429 or a "not now" 5xx. A post that
// was sent and got no answer (a timeout, a connection closed after it) may have arrived: it is
// never sent again, as masg never re-sends a create or update, and the caller records it as
// posted. Every attempt carries the change's Idempotency-Key, so a receiver can drop a repeat.
// The URL is a secret: no message names it.
import { NetworkError } from '../core/errors.js';
import { failureReason, neverConnected } from '../transport/failures.js';
import { DEFAULT_POLICY, isRetryableStatus, parseRetryAfter, Transient, withRetries } from '../transport/retry.js';

export interface PostOptions {
  retries: number;
  timeoutMs: number;
  /** Sent as the Idempotency-Key header: the same for every post of the same change. */
  idempotencyKey: string;
  /** performance.now() time by which everything must be done (--deadline). */
  deadlineAt?: number;
  signal?: AbortSignal;
  onRetry?: (info: { next: number; of: number; delayMs: number; reason: string }) => void;
}

export type PostResult = { posted: true } | { posted: 'maybe'; error: NetworkError };

/**
 * Posts `payload` as JSON. Resolves `posted: true` once a 2xx came back, `posted: 'maybe'` (with
 * the exit-6 error to report) when it was sent and no answer came; rejects with a NetworkError
 * (exit 6) when it surely did not arrive.
 */
export async function postNotification(url: string, payload: unknown, opts: PostOptions): Promise<PostResult> {
  const { request } = await import('undici');
  const body = JSON.stringify(payload);
  let unanswered: NetworkError | undefined;
  const once = async () => {
    let status: number;
    let retryAfter: string | undefined;
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'idempotency-key': opts.idempotencyKey },
        body,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
        signal: opts.signal,
      });
      status = res.statusCode;
      const header = res.headers['retry-after'];
      retryAfter = Array.isArray(header) ? header[0] : header;
      // The status is the answer: a body that stops coming changes nothing about it.
      await res.body.dump().catch(() => undefined);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      const code = (err as { code?: string }).code ?? (err as Error).name;
      if (neverConnected(err)) {
        throw new Transient(new NetworkError(`The notification could not be posted: the webhook could not be reached (${code}).`), code);
      }
      unanswered = mayHaveArrived(err, opts);
      return;
    }
    if (status >= 200 && status < 300) return;
    const error = new NetworkError(`The notification could not be posted: the webhook answered HTTP ${status}.`, { status });
    if (!isRetryableStatus(status)) throw error;
    throw new Transient(error, `HTTP ${status}`, parseRetryAfter(retryAfter));
  };
  await withRetries(
    once,
    { ...DEFAULT_POLICY, retries: opts.retries, deadlineAt: opts.deadlineAt },
    { signal: opts.signal, onRetry: opts.onRetry },
  );
  return unanswered ? { posted: 'maybe', error: unanswered } : { posted: true };
}

function mayHaveArrived(err: unknown, opts: PostOptions): NetworkError {
  const code = (err as { code?: string }).code;
  const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  const why = timedOut
    ? `the webhook did not answer within ${Number((opts.timeoutMs / 1000).toFixed(3))}s after it was sent`
    : `no answer came after it was sent: ${failureReason(err, false)}`;
  return new NetworkError(
    `The notification may have arrived: ${why}. It is not posted again: the next run takes it as posted (Idempotency-Key ${opts.idempotencyKey}).`,
    {
      cause: err,
      hint: 'Check the channel it posts to. A receiver slower than --timeout gets each change once; raise --timeout to wait for its answer.',
    },
  );
}

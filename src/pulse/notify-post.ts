// The POST of a notification to its webhook, retried as the transport retries a request: a
// network error, a timeout, 429 or a "not now" 5xx, with the same backoff, Retry-After and
// --deadline rules (src/transport/retry.ts). The URL is a secret: no message names it.
import { NetworkError } from '../core/errors.js';
import { DEFAULT_POLICY, isRetryableStatus, parseRetryAfter, Transient, withRetries } from '../transport/retry.js';

export interface PostOptions {
  retries: number;
  timeoutMs: number;
  /** performance.now() time by which everything must be done (--deadline). */
  deadlineAt?: number;
  signal?: AbortSignal;
  onRetry?: (info: { next: number; of: number; delayMs: number; reason: string }) => void;
}

/** Posts `payload` as JSON; resolves once a 2xx came back, else rejects with a NetworkError (exit 6) that never shows the URL. */
export async function postNotification(url: string, payload: unknown, opts: PostOptions): Promise<void> {
  const { request } = await import('undici');
  const body = JSON.stringify(payload);
  const once = async () => {
    let status: number;
    let retryAfter: string | undefined;
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
        signal: opts.signal,
      });
      status = res.statusCode;
      const header = res.headers['retry-after'];
      retryAfter = Array.isArray(header) ? header[0] : header;
      await res.body.dump();
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      const code = (err as { code?: string }).code ?? (err as Error).name;
      throw new Transient(new NetworkError(`The notification could not be posted: the webhook could not be reached (${code}).`), code);
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
}

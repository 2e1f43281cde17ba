// The SDK's seam to the transport (src/api/transport.ts). One connection pool per SDK client,
// one transport per call: the transport measures `deadlineMs` from its creation and takes one
// signal, so a per-call transport gives every call its own deadline and its own AbortSignal
// while the sockets are shared. Nothing heavy (undici) is loaded until the first request.
import type { Dispatcher } from 'undici';
import type { ClientOptions as TransportOptions } from '../api/transport.js';
import type { ApiClient, ApiRequest, StreamOptions } from '../api/types.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_RETRIES } from '../config/defaults.js';
import { UsageError } from '../core/errors.js';
import type { CallOptions, ClientOptions } from './types.js';

export { DEFAULT_RETRIES };

export interface Connection {
  /** An ApiClient for one call; requests are sent when its methods are called. */
  forCall(call?: CallOptions): ApiClient;
  close(): Promise<void>;
}

export function createConnection(opts: ClientOptions, userAgent: string): Connection {
  let owned: Promise<Dispatcher> | undefined;
  let closed = false;
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;

  async function dispatcher(): Promise<Dispatcher> {
    if (opts.dispatcher) return opts.dispatcher;
    owned ??= import('../api/proxy.js').then(({ createDispatcher }) => createDispatcher({ connectTimeoutMs }));
    return owned;
  }

  async function transport(call: CallOptions | undefined): Promise<ApiClient> {
    const [{ createClient }, shared] = await Promise.all([import('../api/transport.js'), dispatcher()]);
    const signals = [opts.signal, call?.signal].filter((s): s is AbortSignal => s !== undefined);
    const settings: TransportOptions = {
      baseUrl: opts.baseUrl,
      email: opts.email,
      key: opts.key,
      userAgent,
      timeoutMs: opts.timeoutMs,
      connectTimeoutMs,
      retries: opts.retries ?? DEFAULT_RETRIES,
      deadlineMs: call?.deadlineMs ?? opts.deadlineMs,
      dispatcher: shared,
      debug: opts.onDebug,
      signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
      // No `notice`: the SDK never writes anywhere; retries are visible through onDebug.
    };
    return createClient(settings);
  }

  return {
    forCall(call) {
      // A fresh transport per request: a list iterated twice gets a fresh deadline each time.
      const fresh = () => {
        if (closed) throw new UsageError('This masg client was closed: create another one.');
        return transport(call);
      };
      return {
        request: async (req: ApiRequest) => (await fresh()).request(req),
        stream: async (req: ApiRequest, streamOpts?: StreamOptions) => (await fresh()).stream(req, streamOpts),
        close: () => Promise.resolve(),
      };
    },
    async close() {
      closed = true;
      if (owned) await (await owned).close();
    },
  };
}

// One pool per client, one transport per call: each call its own deadline and signal, shared sockets.
import type { Dispatcher } from 'undici';
import type { TransportOptions, ProxySettings } from '../transport/transport.js';
import type { Transport, ApiRequest, StreamOptions } from '../transport/types.js';
import { DEFAULT_RETRIES } from '../config/defaults.js';
import { UsageError } from '../core/errors.js';
import type { CallOptions, ClientOptions } from './types.js';

export interface ClientExtras {
  proxy?: ProxySettings;
  maxConnections?: number;
  notice?: (line: string) => void;
  /** performance.now() instant: --deadline bounds the whole command. */
  deadlineAt?: number;
  wrap?: (client: Transport) => Transport;
}

export interface TransportPool {
  transportFor(call?: CallOptions): Transport;
  close(): Promise<void>;
}

export function createTransportPool(opts: ClientOptions, userAgent: string, extras: ClientExtras = {}): TransportPool {
  let owned: Promise<Dispatcher> | undefined;
  let closed = false;

  async function dispatcher(): Promise<Dispatcher> {
    if (opts.dispatcher) return opts.dispatcher;
    owned ??= import('../transport/transport.js').then(({ createPool }) =>
      createPool({ proxy: extras.proxy, connectTimeoutMs: opts.connectTimeoutMs, maxConnections: extras.maxConnections }),
    );
    return owned;
  }

  async function transport(call: CallOptions | undefined): Promise<Transport> {
    const [{ createTransport }, shared] = await Promise.all([import('../transport/transport.js'), dispatcher()]);
    const signals = [opts.signal, call?.signal].filter((s): s is AbortSignal => s !== undefined);
    const settings: TransportOptions = {
      baseUrl: opts.baseUrl,
      email: opts.email,
      key: opts.key,
      userAgent,
      timeoutMs: opts.timeoutMs,
      connectTimeoutMs: opts.connectTimeoutMs,
      retries: opts.retries ?? DEFAULT_RETRIES,
      deadlineMs: call?.deadlineMs ?? opts.deadlineMs,
      deadlineAt: call?.deadlineMs === undefined ? extras.deadlineAt : undefined,
      proxy: extras.proxy,
      dispatcher: shared,
      debug: opts.onDebug,
      notice: extras.notice,
      signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
      hostGates: opts.hostGates,
    };
    return createTransport(settings);
  }

  return {
    transportFor(call) {
      // A list iterated twice gets a fresh deadline each time.
      const fresh = () => {
        if (closed) throw new UsageError('This masg client was closed: create another one.');
        return transport(call);
      };
      const client: Transport = {
        describe: async (req: ApiRequest) => (await fresh()).describe(req),
        request: async (req: ApiRequest) => (await fresh()).request(req),
        stream: async (req: ApiRequest, streamOpts?: StreamOptions) => (await fresh()).stream(req, streamOpts),
        close: () => Promise.resolve(),
      };
      return extras.wrap ? extras.wrap(client) : client;
    },
    async close() {
      closed = true;
      if (!owned) return;
      // After Ctrl-C nothing is worth waiting for: destroy sockets instead of draining them.
      const pool = await owned;
      await (opts.signal?.aborted ? pool.destroy() : pool.close());
    },
  };
}

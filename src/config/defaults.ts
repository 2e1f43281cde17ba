// Every default of a connection setting, written once: the CLI's option defaults (src/cli.ts),
// the Context's transport (src/context.ts), the SDK's connection (src/sdk/connection.ts) and the
// transport itself (src/api/transport.ts) read them from here, so `masg --help`, the CLI and
// `createClient()` cannot drift apart. No imports beyond core: everything above may read it.
import { DEFAULT_CONCURRENCY } from '../core/pool.js';

/** --timeout / timeoutMs: per attempt, until the whole body has arrived. */
export const DEFAULT_TIMEOUT_SECONDS = 30;
/** --connect-timeout / connectTimeoutMs: establishing the connection. */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
/** --retries / retries: extra attempts of a GET (a POST is never re-sent). */
export const DEFAULT_RETRIES = 3;
/** --retries above this is a loop, not resilience; --deadline bounds time instead. */
export const MAX_RETRIES = 10;
/** --deadline / deadlineMs: none unless asked. */
export const DEFAULT_DEADLINE_SECONDS: number | undefined = undefined;
/** --concurrency (reports, bulk, sync): requests at once. The value lives with the pool (src/core/pool.ts), which core code needs. */
export { DEFAULT_CONCURRENCY };

export const DEFAULT_TIMEOUT_MS = DEFAULT_TIMEOUT_SECONDS * 1000;
export const DEFAULT_CONNECT_TIMEOUT_MS = DEFAULT_CONNECT_TIMEOUT_SECONDS * 1000;

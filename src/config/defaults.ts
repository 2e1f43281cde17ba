// Every default of a connection setting, defined once. Each is applied in one place:
// - the CLI's flags (src/cli.ts: commander fills them in, and `masg --help` shows them);
// - the SDK's createClient (src/sdk/connection.ts: retries) and the transport below both
//   (src/transport/transport.ts: timeouts, for whoever leaves them out, Tab included).
// No imports beyond core: everything above may read it.
import { DEFAULT_CONCURRENCY } from '../core/pool.js';

/** --timeout / timeoutMs: per attempt, until the whole body has arrived. */
export const DEFAULT_TIMEOUT_SECONDS = 30;
/** --connect-timeout / connectTimeoutMs: establishing the connection. */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
/** --retries / retries: extra attempts of a GET (a POST is never re-sent). The CLI and the SDK agree. */
export const DEFAULT_RETRIES = 3;
/**
 * The bare transport retries nothing unless told: it is reached only through the SDK's connection
 * (which passes DEFAULT_RETRIES or the caller's value) and by tests that count attempts.
 */
export const TRANSPORT_RETRIES = 0;
/** --retries above this is a loop, not resilience; --deadline bounds time instead. */
export const MAX_RETRIES = 10;
/** --deadline / deadlineMs: none unless asked. */
export const DEFAULT_DEADLINE_SECONDS: number | undefined = undefined;
/** --concurrency (reports, bulk, sync): requests at once. The value lives with the pool (src/core/pool.ts), which core code needs. */
export { DEFAULT_CONCURRENCY };

export const DEFAULT_TIMEOUT_MS = DEFAULT_TIMEOUT_SECONDS * 1000;
export const DEFAULT_CONNECT_TIMEOUT_MS = DEFAULT_CONNECT_TIMEOUT_SECONDS * 1000;

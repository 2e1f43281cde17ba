// Every default masg has, defined once as a number for the CLI and the SDK; options show them
// through String(…). Imports only core.
import { UsageError } from '../core/errors.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
export const DEFAULT_RETRIES = 3;
/** Only tests reach the bare transport (they count attempts); the SDK always passes retries. */
export const TRANSPORT_RETRIES = 0;
/** --retries above this is a loop, not resilience; --deadline bounds time instead. */
export const MAX_RETRIES = 10;
/** Lives with the pool, which core code needs. */
export { DEFAULT_CONCURRENCY };
/** `masg sync --lookback`: days before the last complete one fetched again, for late corrections. */
export const DEFAULT_LOOKBACK_DAYS = 3;
export const MAX_LOOKBACK_DAYS = 366;

/** `--lookback <n>`, parsed once by commander: a whole number of days. */
export function parseLookback(raw: string): number {
  const n = /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(n >= 0 && n <= MAX_LOOKBACK_DAYS)) {
    throw new UsageError(`--lookback: "${raw}" is not a whole number of days from 0 to ${MAX_LOOKBACK_DAYS}.`, { field: '--lookback' });
  }
  return n;
}

/** `masg pulse --baseline`'s largest number of days. */
export const MAX_BASELINE_DAYS = 90;

/** `masg mcp --query-timeout`: seconds a warehouse_query statement may run. */
export const DEFAULT_QUERY_SECONDS = 30;
/** `masg mcp --http --rate-limit`: requests a minute per token. */
export const DEFAULT_MCP_RATE_PER_MINUTE = 600;

export const DEFAULT_TIMEOUT_MS = DEFAULT_TIMEOUT_SECONDS * 1000;
export const DEFAULT_CONNECT_TIMEOUT_MS = DEFAULT_CONNECT_TIMEOUT_SECONDS * 1000;

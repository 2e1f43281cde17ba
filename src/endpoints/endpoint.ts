// An endpoint is its request, stated once, and how its answer is read. The SDK sends it and reads
// the records, sends it and hands back the body as it came (`{ raw }`), or describes it without
// sending (`{ dryRun }`): three uses of the one request, so they cannot drift apart.
import type { ApiRequest, Transport } from '../transport/types.js';

export interface Endpoint<A extends unknown[], T> {
  /** Sends the request and reads the answer. */
  (client: Transport, ...args: A): T;
  /** The request these arguments make: what a raw call sends and a dry run describes. */
  request(...args: A): ApiRequest;
}

export function endpoint<A extends unknown[], T>(
  request: (...args: A) => ApiRequest,
  read: (client: Transport, request: ApiRequest) => T,
): Endpoint<A, T> {
  return Object.assign((client: Transport, ...args: A) => read(client, request(...args)), { request });
}

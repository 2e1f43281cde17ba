// Statistics as EntityLists parsed as the body arrives, so memory stays flat however long the report.
import type { Transport, ApiRequest } from '../transport/types.js';
import type { StatsList } from './types.js';
import { DEFAULT_CURRENCY } from '../stats/rows.js';
import type { StatsRecord, StatsShape } from '../endpoints/stats-shapes.js';
import { NetworkError } from '../core/errors.js';
import { statsBatches } from '../endpoints/stats-stream.js';

const brokenStreams = new WeakSet<object>();

/** A failure mid-body: the transport cannot retry it, but an atomic --out may restart the report. */
export function isBrokenStream(err: unknown): boolean {
  return typeof err === 'object' && err !== null && brokenStreams.has(err);
}

/** IDs a one-entity endpoint's body leaves out. */
export interface KnownIds {
  publication?: string;
  adslot?: string;
  campaign?: string;
}

/** In place: no copy per record on 200,000-record reports. */
function complete(record: StatsRecord, ids: KnownIds): void {
  if (ids.publication !== undefined && !record.publication) record.publication = ids.publication;
  if (ids.adslot !== undefined && !record.adslot) record.adslot = ids.adslot;
  if (ids.campaign !== undefined && !record.campaign) record.campaign = ids.campaign;
  if (!record.currency) record.currency = DEFAULT_CURRENCY;
}

/** Always XML: the one format the streaming parser reads. */
export function statsRequest(request: ApiRequest): ApiRequest {
  return { ...request, format: 'xml' };
}

export function statsList<T>(client: Transport, request: ApiRequest, shape: StatsShape, ids: KnownIds): StatsList<T> {
  async function* batches(): AsyncGenerator<T[], void, undefined> {
    const response = await client.stream(statsRequest(request));
    try {
      for await (const batch of statsBatches(response.body, shape, { status: response.status })) {
        for (const record of batch) complete(record, ids);
        yield batch as T[];
      }
    } catch (err) {
      if (err instanceof NetworkError) brokenStreams.add(err);
      throw err;
    }
  }
  return {
    batches,
    // Hand-written rather than a generator: one promise per record, not a resumption on top.
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const source = batches();
      let batch: T[] = [];
      let i = 0;
      return {
        async next(): Promise<IteratorResult<T>> {
          while (i >= batch.length) {
            const step = await source.next();
            if (step.done) return { done: true, value: undefined };
            batch = step.value;
            i = 0;
          }
          return { done: false, value: batch[i++] };
        },
        // `break` in a for-await releases the connection.
        async return(): Promise<IteratorResult<T>> {
          await source.return();
          return { done: true, value: undefined };
        },
      };
    },
    async toArray() {
      const all: T[] = [];
      for await (const batch of batches()) for (const record of batch) all.push(record);
      return all;
    },
  };
}

// Statistics as EntityLists of typed records, parsed as the body arrives (src/stats/stream.ts:
// saxes, no tree, no whole body): memory stays flat however long the report. The request is
// sent when the list is iterated, once per iteration, like the entity lists.
import type { ApiClient, ApiRequest, EntityList } from '../api/types.js';
import { DEFAULT_CURRENCY } from '../stats/rows.js';
import type { StatsRecord, StatsShape } from '../api/stats-shapes.js';

/** IDs the body may leave out (a one-entity endpoint), filled from the query. */
export interface KnownIds {
  publication?: string;
  adslot?: string;
  campaign?: string;
}

/** Makes a parser record the SDK record in place: no copy per record on 200,000-record reports. */
function complete(record: StatsRecord, ids: KnownIds): void {
  if (ids.publication !== undefined && !record.publication) record.publication = ids.publication;
  if (ids.adslot !== undefined && !record.adslot) record.adslot = ids.adslot;
  if (ids.campaign !== undefined && !record.campaign) record.campaign = ids.campaign;
  if (!record.currency) record.currency = DEFAULT_CURRENCY;
}

export function statsList<T>(client: ApiClient, request: ApiRequest, shape: StatsShape, ids: KnownIds): EntityList<T> {
  async function* batches(): AsyncGenerator<T[], void, undefined> {
    const [{ statsBatches }, response] = await Promise.all([
      import('../api/stats-stream.js'),
      client.stream({ ...request, format: 'xml' }),
    ]);
    for await (const batch of statsBatches(response.body, shape, { status: response.status })) {
      for (const record of batch) complete(record, ids);
      yield batch as T[];
    }
  }
  return {
    batches,
    // Hand-written rather than `yield*` over a generator: one promise per record instead of a
    // generator resumption per record on top of it (the records of a batch are already parsed).
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
        // `break` in a for-await: stop reading and release the connection.
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

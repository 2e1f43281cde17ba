// Statistics as EntityLists of typed records, parsed as the body arrives (src/endpoints/statistics-stream.ts:
// saxes, no tree, no whole body): memory stays flat however long the report. The request is
// sent when the list is iterated, once per iteration, like the entity lists.
import type { ApiClient, ApiRequest, EntityList } from '../transport/types.js';
import { DEFAULT_CURRENCY } from '../statistics/rows.js';
import type { StatsRecord, StatsShape } from '../endpoints/statistics-shapes.js';
import { NetworkError } from '../core/errors.js';

const brokenStreams = new WeakSet<object>();

/**
 * True for a statistics list that failed after the service had started sending its body: the
 * connection was cut, the body stopped short or turned unreadable mid-way. The transport never
 * retries those (records may already be out); a caller that can throw away what it wrote (the
 * CLI's atomic --out file) may start the whole report again. Failures before the body (no
 * connection, a 503 after the transport's own retries) and the service's refusals are not
 * "broken streams". Internal: used by the CLI, not exported by src/index.ts.
 */
export function isBrokenStream(err: unknown): boolean {
  return typeof err === 'object' && err !== null && brokenStreams.has(err);
}

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

/** What a statistics list sends: always XML, the one format its streaming parser reads. */
export function statsRequest(request: ApiRequest): ApiRequest {
  return { ...request, format: 'xml' };
}

const requests = new WeakMap<object, ApiRequest>();

/**
 * The request a statistics list sends when iterated: what `--raw` sends through `request()`, so a
 * command states its query once, as the SDK call. Internal: not exported by src/index.ts.
 */
export function requestOf(list: EntityList<unknown>): ApiRequest {
  const request = requests.get(list);
  if (request === undefined) throw new Error('masg: not a statistics list of the SDK');
  return request;
}

export function statsList<T>(client: ApiClient, request: ApiRequest, shape: StatsShape, ids: KnownIds): EntityList<T> {
  async function* batches(): AsyncGenerator<T[], void, undefined> {
    const [{ statsBatches }, response] = await Promise.all([
      import('../endpoints/statistics-stream.js'),
      client.stream(statsRequest(request)),
    ]);
    try {
      for await (const batch of statsBatches(response.body, shape, { status: response.status })) {
        for (const record of batch) complete(record, ids);
        yield batch as T[];
      }
    } catch (err) {
      // The body was handed over: a network failure now is a broken stream.
      if (err instanceof NetworkError) brokenStreams.add(err);
      throw err;
    }
  }
  const list: EntityList<T> = {
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
  requests.set(list, request);
  return list;
}

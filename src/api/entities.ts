// From a service body (XML or JSON) to records of strings, tolerant of what production does:
// a bare root element instead of <masg-response>, missing fields, values nobody listed.
// One entity (create, update, view) is read whole; a list is streamed (entityList below).
import { NetworkError } from '../core/errors.js';
import type { ApiClient, ApiRequest, ApiResponse, EntityList } from './types.js';
import { childrenNamed, fieldsOf, parseXml } from './xml.js';
import { recordsFromJson, type FieldRecord } from './records.js';

export { pickFields, type FieldRecord } from './records.js';

/** Every `tag` entity in the body, as records of strings in document order. */
export function entityRecords(res: ApiResponse, tag: string): FieldRecord[] {
  try {
    return res.body.trimStart().startsWith('<') ? fromXml(res.body, tag) : recordsFromJson(res.body, tag);
  } catch (err) {
    if (err instanceof NetworkError) throw err;
    throw new NetworkError(`The service answered HTTP ${res.status} with a body masg could not read: ${(err as Error).message}`, {
      cause: err,
      status: res.status,
    });
  }
}

/** The one entity a create, update or view answers with. */
export function singleRecord(res: ApiResponse, tag: string): FieldRecord {
  const records = entityRecords(res, tag);
  if (records.length === 0) {
    throw new NetworkError(`The service answered HTTP ${res.status} without the expected <${tag}> in its body.`, {
      status: res.status,
    });
  }
  return records[0];
}

function fromXml(body: string, tag: string): FieldRecord[] {
  const root = parseXml(body);
  if (root.name === tag) return [fieldsOf(root)];
  if (root.name !== 'masg-response') throw new Error(`unexpected root element <${root.name}>`);
  return childrenNamed(root, tag).map(fieldsOf);
}

/**
 * Bodies up to this size are read whole before the first record is handed over, so a small list
 * cut or failed mid-body is retried and reported exactly as a whole-body request would be (most
 * accounts' lists are far smaller). Above it records stream: memory stays at about this much,
 * and a cut after the hand-over is a NetworkError (exit 6), since rows may already be written.
 */
export const LIST_READ_AHEAD_BYTES = 1024 * 1024;

/**
 * A list endpoint as an async iterable of typed records. Nothing is sent until it is iterated;
 * each iteration sends the request again. `batches()` is the same records in arrays (one per
 * parsed chunk), for callers that would rather not spend a promise per record.
 */
export function entityList<K extends string>(
  client: ApiClient,
  request: ApiRequest,
  spec: { tag: string; fields: readonly K[]; what: string },
): EntityList<Record<K, string>> {
  async function* batches(): AsyncGenerator<Array<Record<K, string>>, void, undefined> {
    const [res, { entityBatches }] = await Promise.all([
      client.stream(request, { readAhead: LIST_READ_AHEAD_BYTES }),
      import('./entity-stream.js'),
    ]);
    yield* entityBatches(res.body, { ...spec, contentType: res.contentType });
  }
  return {
    batches,
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches()) yield* batch;
    },
    async toArray() {
      const all: Array<Record<K, string>> = [];
      for await (const batch of batches()) for (const record of batch) all.push(record);
      return all;
    },
  };
}

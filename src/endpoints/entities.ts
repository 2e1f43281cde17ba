// Service bodies to records of strings, tolerant of production: a bare root element, missing
// fields, values nobody listed. One entity is read whole; a list is streamed.
import { NetworkError } from '../core/errors.js';
import type { Transport, ApiRequest, ApiResponse, EntityList } from '../transport/types.js';
import { childrenNamed, fieldsOf, parseXml } from '../transport/xml.js';
import { recordsFromJson, type FieldRecord } from './records.js';
import { entityBatches, readWholeList } from './entity-stream.js';

export { pickFields, type FieldRecord } from './records.js';

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

/** Lists up to this size are read whole first, so a cut is retried; past it a cut is a NetworkError. */
export const LIST_READ_AHEAD_BYTES = 1024 * 1024;

/** Sent on each iteration, not before; `batches()` saves a promise per record. */
export function entityList<K extends string>(
  client: Transport,
  request: ApiRequest,
  spec: { tag: string; fields: readonly K[]; what: string },
): EntityList<Record<K, string>> {
  async function* batches(): AsyncGenerator<Array<Record<K, string>>, void, undefined> {
    // A body that arrives whole is parsed once, inside the transport's retries.
    const readWhole = (whole: ApiResponse) => readWholeList(whole, spec);
    const res = await client.stream(request, { readAhead: LIST_READ_AHEAD_BYTES, readWhole });
    if (res.read !== undefined) for (const batch of res.read) yield batch;
    else yield* entityBatches(res.body, { ...spec, contentType: res.contentType });
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

// Records of strings: picking an entity's fields, and the entities of a whole JSON body. Shared by
// the whole-body reader (entities.ts) and the streaming list parser's JSON fallback
// (entity-stream.ts), which is why it is a file of its own: neither imports the other.
import { isJsonObject, jsonScalar, parseJson, type JsonValue } from './json.js';

export type FieldRecord = Record<string, string>;

/** A typed entity from a record: the listed fields, '' for each one the service left out. */
export function pickFields<K extends string>(fields: readonly K[], record: FieldRecord): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const field of fields) out[field] = record[field] ?? '';
  return out;
}

/** The `tag` entities of a whole JSON body (a list or one entity, wrapped or bare). */
export function recordsFromJson(body: string, tag: string): FieldRecord[] {
  const value = parseJson(body);
  if (!isJsonObject(value)) throw new Error('the JSON body is not an object');
  if ('masg-response' in value) return collect(value['masg-response'], tag);
  if (tag in value) return collect(value[tag], tag);
  throw new Error(`unexpected JSON root ${JSON.stringify(Object.keys(value)[0] ?? '')}`);
}

// The spec gives no JSON layout, so both `[{…}]` and `[{"publication": {…}}]` (and the same
// for one object) are accepted.
function collect(value: JsonValue | undefined, tag: string): FieldRecord[] {
  if (Array.isArray(value)) return value.flatMap((item) => collect(item, tag));
  if (!isJsonObject(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 0) return [];
  const wrapped = value[tag];
  if (keys.length === 1 && (Array.isArray(wrapped) || isJsonObject(wrapped))) return collect(wrapped, tag);
  const record: FieldRecord = {};
  for (const key of keys) record[key] = jsonScalar(value[key]);
  return [record];
}

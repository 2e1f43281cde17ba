// Records of strings, shared by entities.ts and entity-stream.ts, which do not import each other.
import { isJsonObject, jsonScalar, parseJson, type JsonValue } from '../transport/json.js';

export type FieldRecord = Record<string, string>;

/** '' for each field the service left out. */
export function pickFields<K extends string>(fields: readonly K[], record: FieldRecord): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const field of fields) out[field] = record[field] ?? '';
  return out;
}

export function recordsFromJson(body: string, tag: string): FieldRecord[] {
  const value = parseJson(body);
  if (!isJsonObject(value)) throw new Error('the JSON body is not an object');
  if ('masg-response' in value) return collect(value['masg-response'], tag);
  if (tag in value) return collect(value[tag], tag);
  throw new Error(`unexpected JSON root ${JSON.stringify(Object.keys(value)[0] ?? '')}`);
}

// The spec gives no JSON layout: `[{…}]` and `[{"publication": {…}}]` are both accepted.
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

// JSON statistics into the same records as the XML stream (small bodies: the whole text is
// parsed). A test-only reader of statistics in JSON: the client always asks for XML (lossless), but the
// sandbox answers JSON too, and its tests compare the two forms through this reader.
// Production's JSON (docs/service-notes.md) keys objects by ID and country code and has no `id` fields;
// the single-publication and ad slot endpoints drop the outermost level, and ad slot statistics
// without bycountry are one flat object. Nothing in a key says whether it is a publication ID,
// a slot ID or a country, so the depth of the nesting decides: the keyed levels are the INNERMOST
// ones of the shape's full nesting (publication, adslot, country). The spec's "direct mapping"
// of the XML (`{"publication": [{"id": …, "statistics": …}]}`) is read too.
// Counts are JSON numbers: parseJson quotes them before JSON.parse, so 9007199254740993 stays exact.

import { errorFromService } from '../../src/core/errors.js';
import { isJsonObject, jsonScalar, parseJson, type JsonValue } from '../../src/transport/json.js';
import { malformed } from '../../src/endpoints/stats-records.js';
import {
  byCountry,
  completeRecord,
  fieldOf,
  isNoDataPlaceholder,
  shapeEntities,
  shapeFields,
  type StatsRecord,
  type StatsShape,
} from '../../src/endpoints/stats-shapes.js';

type Level = keyof StatsRecord;
type JsonObject = { [key: string]: JsonValue };
const ENTITY_KEYS: ReadonlySet<string> = new Set(['publication', 'adslot', 'campaign']);

export function parseStatsJson(text: string, shape: StatsShape, opts: { status?: number } = {}): StatsRecord[] {
  let root: JsonValue;
  try {
    root = parseJson(text);
  } catch (err) {
    throw malformed('not JSON', err);
  }
  if (!isJsonObject(root)) throw malformed('JSON without a masg-response');
  const error = root['masg-error'];
  if (isJsonObject(error)) {
    const code = Number(jsonScalar(error['code']));
    if (!Number.isInteger(code)) throw malformed('a masg-error without a numeric code');
    throw errorFromService(code, jsonScalar(error['description']), opts.status ?? 200);
  }
  if (!('masg-response' in root)) throw malformed('JSON without a masg-response');
  const body = root['masg-response']!;

  const full: Level[] = [...shapeEntities(shape), ...(byCountry(shape) ? (['country'] as const) : [])];
  const depth = keyedDepth(body);
  const levels = full.slice(Math.max(0, full.length - depth));
  const fields = shapeFields(shape);
  const records: StatsRecord[] = [];
  const emit = (obj: JsonObject, ctx: StatsRecord): void => {
    const record = completeRecord(recordOf(obj, ctx), fields);
    if (!(byCountry(shape) && isNoDataPlaceholder(record))) records.push(record);
  };
  walk(body, {}, levels, emit);
  return records;
}

/** An object holding statistics values (as opposed to one keyed by IDs or countries). */
function isStatsObject(v: JsonValue | undefined): boolean {
  if (!isJsonObject(v)) return false;
  for (const key in v) if (key !== 'country' && fieldOf(key) !== undefined) return true;
  return false;
}

/**
 * How many ID/country-keyed levels lie above the first statistics object (-1: none below). The
 * first one found decides, not the first key: a publication without slots is an empty object.
 */
function keyedDepth(v: JsonValue | undefined): number {
  if (Array.isArray(v)) {
    for (const item of v) {
      const d = keyedDepth(item);
      if (d >= 0) return d;
    }
    return -1;
  }
  if (!isJsonObject(v)) return -1;
  if (isStatsObject(v)) return 0;
  for (const [key, child] of Object.entries(v)) {
    if (ENTITY_KEYS.has(key) || key === 'statistics' || key === 'id') return 0; // the direct mapping names its levels
    const d = keyedDepth(child);
    if (d >= 0) return d + 1;
  }
  return -1;
}

function walk(v: JsonValue | undefined, ctx: StatsRecord, levels: Level[], emit: (o: JsonObject, c: StatsRecord) => void): void {
  if (Array.isArray(v)) {
    for (const item of v) walk(item, ctx, levels, emit);
    return;
  }
  if (!isJsonObject(v)) return;
  if (isStatsObject(v)) return emit(v, ctx);
  for (const [key, child] of Object.entries(v)) {
    if (ENTITY_KEYS.has(key)) walkEntities(child, key as Level, ctx, levels, emit);
    else if (key === 'statistics') walk(child, ctx, levels, emit);
    else if (key !== 'id') {
      const [level, ...rest] = levels;
      walk(child, level === undefined ? ctx : { ...ctx, [level]: key }, rest, emit);
    }
  }
}

/** The spec's direct mapping: `{"adslot": [{"id": "…", "statistics": […]}]}`. */
function walkEntities(
  v: JsonValue | undefined,
  kind: Level,
  ctx: StatsRecord,
  levels: Level[],
  emit: (o: JsonObject, c: StatsRecord) => void,
): void {
  for (const entity of Array.isArray(v) ? v : [v]) {
    if (!isJsonObject(entity)) continue;
    walk(entity, { ...ctx, [kind]: jsonScalar(entity['id']) }, levels, emit);
  }
}

function recordOf(obj: JsonObject, ctx: StatsRecord): StatsRecord {
  const record: StatsRecord = { ...ctx };
  for (const [key, value] of Object.entries(obj)) {
    const field = fieldOf(key);
    if (field === undefined) continue;
    if (isJsonObject(value)) {
      if (field !== 'currency') record[field] = jsonScalar(value['amount']);
      if (value['currency'] !== undefined) record.currency ??= jsonScalar(value['currency']);
    } else if (field === 'currency') record.currency ??= jsonScalar(value);
    else record[field] = jsonScalar(value);
  }
  return record;
}

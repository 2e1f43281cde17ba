// The statistics response shapes (docs/service-notes.md, statistics;
// production's quirks there too) and the record every shape flattens into. Parsers are tolerant
// (element order, unknown elements, missing levels); the shape says which fields a record must
// carry and how JSON nests, because JSON has no element names to tell an ID from a country.

import { CAMPAIGN_STATS_FIELDS, PUBLISHER_STATS_FIELDS } from '../schema/stats.js';

/** The IDs a statistics element may carry, outermost first. */
export type EntityKind = 'publication' | 'adslot' | 'campaign';

/**
 * One flattened statistics element: its IDs, its country, and the figures of src/schema/stats.ts
 * (a figure added there is a field here). Every value is the string the service sent, '' when missing.
 */
export type StatsRecord = Partial<
  Record<EntityKind | 'country' | keyof typeof PUBLISHER_STATS_FIELDS | keyof typeof CAMPAIGN_STATS_FIELDS, string>
>;

export type StatsField = Exclude<keyof StatsRecord, 'publication' | 'adslot' | 'campaign'>;
export type StatsLevel = 'publication' | 'adslot';

export type StatsShape =
  /** `/publication/statistics` (every publication) and `/publication/{id}/statistics` (one). */
  | { endpoint: 'publications' | 'publication'; level: StatsLevel; byCountry: boolean }
  /** `/adslot/{id}/statistics`. */
  | { endpoint: 'adslot'; byCountry: boolean }
  /** `/campaign/{id}/statistics`: no level, no bycountry on the server. */
  | { endpoint: 'campaign' };

// The figures of each record, in order, from the statistics schema (src/schema/stats.ts).
const PUBLISHER_FIELDS = Object.keys(PUBLISHER_STATS_FIELDS) as Array<keyof typeof PUBLISHER_STATS_FIELDS> satisfies readonly StatsField[];
const CAMPAIGN_VALUE_FIELDS = Object.keys(CAMPAIGN_STATS_FIELDS) as Array<
  keyof typeof CAMPAIGN_STATS_FIELDS
> satisfies readonly StatsField[];

export function byCountry(shape: StatsShape): boolean {
  return shape.endpoint !== 'campaign' && shape.byCountry;
}

/** The value fields a record of this shape carries ('' when the service left one out). */
export function shapeFields(shape: StatsShape): readonly StatsField[] {
  if (shape.endpoint === 'campaign') return CAMPAIGN_VALUE_FIELDS;
  return byCountry(shape) ? ['country', ...PUBLISHER_FIELDS] : PUBLISHER_FIELDS;
}

/** The entity levels of the XML nesting, outermost first (`country` is a field, not a level). */
export function shapeEntities(shape: StatsShape): readonly EntityKind[] {
  switch (shape.endpoint) {
    case 'campaign':
      return ['campaign'];
    case 'adslot':
      return ['adslot'];
    default:
      return shape.level === 'adslot' ? ['publication', 'adslot'] : ['publication'];
  }
}

/**
 * Element name → record field, for children of `<statistics>`. Money objects (`earnings`, `CTR`,
 * `ECPM`, `costPerConversion`, `spend`) map to their `amount`; their `currency` goes to `currency`.
 */
const ELEMENT_FIELDS: readonly (readonly [string, StatsField])[] = [
  ['country', 'country'],
  ['requests', 'requests'],
  ['impressions', 'impressions'],
  ['clicks', 'clicks'],
  ['earnings', 'earnings'],
  ['conversions', 'conversions'],
  ['conversionsPercent', 'conversionsPercent'],
  ['CTR', 'ctr'],
  ['ECPM', 'ecpm'],
  ['costPerConversion', 'costPerConversion'],
  ['spend', 'spend'],
  ['currency', 'currency'],
];
// A switch, not a keyed lookup: element names arrive as fresh strings (five per record), and a
// lookup must hash each one while a switch compares lengths first — about 3× faster measured on
// freshly sliced names. A name like `constructor` cannot match either way.
function exactField(name: string): StatsField | undefined {
  switch (name) {
    case 'country':
      return 'country';
    case 'requests':
      return 'requests';
    case 'impressions':
      return 'impressions';
    case 'clicks':
      return 'clicks';
    case 'earnings':
      return 'earnings';
    case 'conversions':
      return 'conversions';
    case 'conversionsPercent':
      return 'conversionsPercent';
    case 'CTR':
      return 'ctr';
    case 'ECPM':
      return 'ecpm';
    case 'costPerConversion':
      return 'costPerConversion';
    case 'spend':
      return 'spend';
    case 'currency':
      return 'currency';
    default:
      return undefined;
  }
}
const FIELD_OF_LOWER: ReadonlyMap<string, StatsField> = new Map(
  ELEMENT_FIELDS.map(([name, field]) => [name.toLowerCase(), field] as const),
);

/** The field an element (XML) or key (JSON) carries; case-insensitive as a fallback, since the
 * spec spells `CTR`/`ECPM` in capitals while every other name is camelCase. */
export function fieldOf(name: string): StatsField | undefined {
  return exactField(name) ?? FIELD_OF_LOWER.get(name.toLowerCase());
}

/** Give every expected field a value ('' when missing), so rows and totals see a fixed set. */
export function completeRecord(record: StatsRecord, fields: readonly StatsField[]): StatsRecord {
  for (const f of fields) if (record[f] === undefined) record[f] = '';
  return record;
}

const ZERO = /^[+-]?0*(?:\.0*)?$/;

/**
 * Production's ad slot `bycountry` answer for "no data": one all-zero record with slot id `0` and
 * country `OO` (not an ISO code). Dropped so that "no data" is zero records in every shape. JSON
 * drops the slot level, so an absent slot id also matches there.
 */
export function isNoDataPlaceholder(r: StatsRecord): boolean {
  if (r.country !== 'OO' || (r.adslot !== undefined && r.adslot !== '0')) return false;
  for (const f of ['requests', 'impressions', 'clicks', 'earnings'] as const) {
    const v = r[f];
    if (v !== undefined && v !== '' && !ZERO.test(v)) return false;
  }
  return true;
}

// What a bulk CSV may contain per entity, derived from the bulk roles in src/schema/. The columns
// are those `list -o csv` writes, so an exported file can be edited and fed back.
import { AD_SLOT_CREATE_FIELDS, adSlotSchema as adSlotEntity, validateAdSlot } from '../schema/adslot.js';
import { fieldNames, fieldsWithRole, type EntitySchema, type Mode } from '../schema/field.js';
import { publicationSchema as publicationEntity, validatePublication } from '../schema/publication.js';
import type { Label } from '../schema/rules.js';

export interface BulkSchema {
  entity: string;
  plural: string;
  columns: readonly string[];
  compared: readonly string[];
  fixed: readonly string[];
  ignored: readonly string[];
  /** Compared as unordered sets (the server's order is arbitrary). */
  sets: ReadonlySet<string>;
  /** Enumerations, matched case-blind as the validators match them ("pending" is PENDING). */
  caseless: ReadonlySet<string>;
  /** Throws a UsageError naming `label(field)`. */
  check(field: string, value: string, label: Label): string;
  /** Values the service may hold and export although the client would refuse to send them. */
  tolerated(field: string, value: string): boolean;
}

type Validate = (raw: Record<string, string | undefined>, mode: Mode, label: Label) => Partial<Record<string, string>>;

function bulkSchema(schema: EntitySchema, validate: Validate): BulkSchema {
  const flagged = (pick: (f: EntitySchema['fields'][string]) => boolean | undefined) =>
    new Set(fieldNames(schema).filter((k) => pick(schema.fields[k]) === true));
  return {
    entity: schema.entity,
    plural: schema.plural,
    columns: fieldNames(schema),
    compared: fieldsWithRole(schema, 'compared'),
    fixed: fieldsWithRole(schema, 'fixed'),
    ignored: fieldsWithRole(schema, 'ignored'),
    sets: flagged((f) => f.set),
    caseless: flagged((f) => f.caseless),
    check: (field, value, label) => validate({ [field]: value }, 'update', label)[field] ?? '',
    tolerated: (field, value) => schema.fields[field]?.tolerated?.(value) === true,
  };
}

export const publicationBulk: BulkSchema = bulkSchema(publicationEntity, validatePublication);
export const adSlotBulk: BulkSchema = bulkSchema(adSlotEntity, validateAdSlot);

/** Columns of `slot create --from`: what `slot list -o csv` has, minus the ID the service assigns. */
export const AD_SLOT_CREATE_COLUMNS = AD_SLOT_CREATE_FIELDS;

/** Equal as the service means it: `sets` as sets of trimmed items, enumerations case-blind. */
export function sameValue(schema: BulkSchema, field: string, a: string, b: string): boolean {
  if (schema.caseless.has(field)) return a.trim().toLowerCase() === b.toLowerCase();
  if (!schema.sets.has(field)) return a === b;
  const items = (s: string) =>
    new Set(
      s
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter((x) => x !== ''),
    );
  const [x, y] = [items(a), items(b)];
  return x.size === y.size && [...x].every((v) => y.has(v));
}

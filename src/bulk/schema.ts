// What a bulk CSV may contain, per entity, and how each column is treated. The columns are those
// `list -o csv` writes (src/commands/columns.ts), so an exported file can be edited and fed back:
//   key       `id`: which entity the row is about (required for update, absent on create)
//   compared  changed values are validated with the same rules as the flags and sent
//   fixed     may stay as exported; a different value is an error (the service cannot change it)
//   ignored   accepted and never sent: production ignores them and never returns them, so
//             comparing would plan a change on every run
// Lists the server returns in no fixed order (formats, languages) are compared as sets.
import { publicationColumns, adSlotColumns } from '../commands/columns.js';
import { validateAdSlot } from '../validate/adslot.js';
import { validatePublication } from '../validate/publication.js';
import type { Label } from '../validate/rules.js';

export interface BulkSchema {
  /** For messages: "publication", "ad slot". */
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
  /** Validate and normalise one field of an update; throws a UsageError naming `label(field)`. */
  check(field: string, value: string, label: Label): string;
  /**
   * Values the service itself may hold (and so `list -o csv` may export) although the client
   * would refuse to send them: checked against the current state instead of up front.
   */
  tolerated(field: string, value: string): boolean;
}

export const publicationSchema: BulkSchema = {
  entity: 'publication',
  plural: 'publications',
  columns: publicationColumns.map((c) => c.key),
  compared: ['name', 'status', 'description', 'reference', 'url', 'transparent', 'languages', 'autoapprove'],
  fixed: ['type'],
  ignored: ['requests', 'uniques'],
  sets: new Set(['languages']),
  caseless: new Set(['status', 'type']),
  check: (field, value, label) => validatePublication({ [field]: value }, 'update', label)[field as 'name'] ?? '',
  // PENDING, NEW_REVIEW, REJECTED… are statuses the service reports but no one can set; the
  // service does not check URLs, so an old one may not be a valid URL today.
  tolerated: (field, value) => (field === 'status' && /^[A-Za-z_]+$/.test(value.trim())) || field === 'url',
};

export const adSlotSchema: BulkSchema = {
  entity: 'ad slot',
  plural: 'ad slots',
  columns: adSlotColumns.map((c) => c.key),
  compared: ['name', 'formats', 'tags'],
  fixed: ['publication'],
  ignored: [],
  sets: new Set(['formats']),
  caseless: new Set(),
  check: (field, value, label) => validateAdSlot({ [field]: value }, 'update', label)[field as 'name'] ?? '',
  // Production answers `<formats/>` for a slot with no format at all.
  tolerated: (field, value) => field === 'formats' && value.trim() === '',
};

/** Columns of `slot create --from`: what `slot list -o csv` has, minus the ID the service assigns. */
export const AD_SLOT_CREATE_COLUMNS = ['publication', 'name', 'formats', 'tags'] as const;

/**
 * Equal as the service means it: lists as sets of trimmed items for `sets` columns (case-blind,
 * as the validators normalise them), enumerations case-blind, other strings exactly.
 */
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

// SDK inputs → strings for the CLI's validators: one set of rules for flags, CSV rows and the SDK.
import type { AdSlotInput, PublicationInput } from '../transport/types.js';
import { UsageError } from '../core/errors.js';
import { adSlotSchema, validateAdSlot } from '../schema/adslot.js';
import { formFields } from '../schema/field.js';
import { publicationSchema, validatePublication } from '../schema/publication.js';
import { id as checkId } from '../schema/rules.js';
import type { AdSlotChanges, AdSlotCreate, PublicationChanges, PublicationCreate } from './types.js';

const asIs = (field: string): string => field;

function text(field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value)))
    return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const bad = value.find((v: string) => v.includes(','));
    if (bad !== undefined) throw new UsageError(`${field}: "${bad}" contains a comma, which separates items on the wire.`, { field });
    return value.join(',');
  }
  throw new UsageError(`${field}: unexpected ${Array.isArray(value) ? 'array' : typeof value} value.`, { field });
}

function strings(input: object): Record<string, string | undefined> {
  if (typeof input !== 'object' || input === null) throw new UsageError('Expected an object of fields.', { field: 'input' });
  const out: Record<string, string | undefined> = {};
  for (const [field, value] of Object.entries(input)) out[field] = text(field, value);
  return out;
}

/** Unknown fields are refused rather than dropped: a typo must not become "nothing changed". */
function refuseUnknown(raw: Record<string, unknown>, known: readonly string[]): void {
  for (const field of Object.keys(raw)) {
    if (raw[field] !== undefined && !known.includes(field)) {
      throw new UsageError(`${field}: not a field of this call (expected one of ${known.join(', ')}).`, { field });
    }
  }
}

const PUBLICATION_CREATE = formFields(publicationSchema, 'create');
const PUBLICATION_UPDATE = formFields(publicationSchema, 'update');
const AD_SLOT_CREATE = formFields(adSlotSchema, 'create');
const AD_SLOT_UPDATE = formFields(adSlotSchema, 'update');

export function publicationCreate(input: PublicationCreate): PublicationInput {
  refuseUnknown(input, PUBLICATION_CREATE);
  return validatePublication(strings(input), 'create', asIs);
}

export function publicationChanges(changes: PublicationChanges): PublicationInput {
  refuseUnknown(changes, PUBLICATION_UPDATE);
  const out = validatePublication(strings(changes), 'update', asIs);
  if (Object.keys(out).length === 0) throw new UsageError('No changes given.', { field: 'changes' });
  return out;
}

export function adSlotCreate(input: AdSlotCreate): AdSlotInput {
  refuseUnknown(input, AD_SLOT_CREATE);
  return validateAdSlot(strings(input), 'create', asIs);
}

export function adSlotChanges(changes: AdSlotChanges): AdSlotInput {
  refuseUnknown(changes, AD_SLOT_UPDATE);
  const out = validateAdSlot(strings(changes), 'update', asIs);
  // Production answers 1500 without it.
  if (out.name === undefined)
    throw new UsageError('name is required: the service needs it on every ad slot update (pass the current name to keep it).', {
      field: 'name',
    });
  return out;
}

export function entityId(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new UsageError(`${field}: expected an ID string, got ${typeof value}.`, { field });
  return checkId(field, value);
}

// Rules for publication fields, for create and update alike. Input values are raw strings (from
// flags or a CSV row); the result holds only the fields given, normalised as the service wants them.
import { UsageError } from '../core/errors.js';
import { PUBLICATION_STATUSES, PUBLICATION_TYPES, SITE_TYPES } from './enums.js';
import * as rule from './rules.js';

export const PUBLICATION_FIELDS = [
  'name',
  'type',
  'description',
  'reference',
  'url',
  'transparent',
  'languages',
  'requests',
  'uniques',
  'autoapprove',
  'status',
] as const;
export type PublicationField = (typeof PUBLICATION_FIELDS)[number];
export type PublicationFields = Partial<Record<PublicationField, string>>;

type Mode = 'create' | 'update';

const check: Record<PublicationField, (label: string, v: string, mode: Mode) => string> = {
  name: (l, v) => rule.text(l, v, 255, { required: true }),
  type: (l, v) => rule.oneOf(l, v, PUBLICATION_TYPES),
  description: (l, v, mode) => rule.text(l, v, 4096, { required: mode === 'create' }),
  reference: (l, v) => rule.text(l, v, 255),
  url: (l, v) => (v === '' ? v : rule.url(l, v)),
  transparent: rule.bool,
  languages: rule.languages,
  requests: rule.digits,
  uniques: rule.digits,
  autoapprove: rule.bool,
  status: (l, v) => rule.oneOf(l, v, PUBLICATION_STATUSES),
};

export function validatePublication(raw: Record<string, string | undefined>, mode: Mode, label: rule.Label): PublicationFields {
  // The spec marks transparent as required; production would default it to false, but a
  // publication silently shared (or not) with advertisers is a decision the user should make.
  if (mode === 'create') rule.requireAll(raw, ['name', 'type', 'description', 'transparent'], label);
  const out: PublicationFields = {};
  for (const field of PUBLICATION_FIELDS) {
    const value = raw[field];
    if (value === undefined) continue;
    if (mode === 'create' && field === 'status') {
      throw new UsageError(`${label(field)}: cannot be set on create; new publications start PENDING`, { field: label(field) });
    }
    if (mode === 'update' && field === 'type') {
      throw new UsageError(`${label(field)}: the service does not allow changing a publication's type`, { field: label(field) });
    }
    out[field] = check[field](label(field), value, mode);
  }
  if (mode === 'create') requireForCreate(out, label);
  return out;
}

function requireForCreate(out: PublicationFields, label: rule.Label): void {
  if (SITE_TYPES.has(out.type!) && !out.url) {
    throw new UsageError(`${label('url')} is required for a ${out.type} publication`, { field: label('url') });
  }
}

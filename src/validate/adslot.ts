// Rules for ad slot fields (create and update).
import { UsageError } from '../core/errors.js';
import { AD_FORMATS } from './enums.js';
import * as rule from './rules.js';

export const AD_SLOT_FIELDS = ['publication', 'name', 'formats', 'tags'] as const;
export type AdSlotField = (typeof AD_SLOT_FIELDS)[number];
export type AdSlotFields = Partial<Record<AdSlotField, string>>;

type Mode = 'create' | 'update';

const check: Record<AdSlotField, (label: string, v: string) => string> = {
  publication: rule.id,
  name: (l, v) => rule.text(l, v, 255, { required: true }),
  formats: (l, v) => {
    const formats = rule.list(l, v, (item) => rule.oneOf(l, item, AD_FORMATS));
    if (formats === '') throw new UsageError(`${l}: give at least one of ${AD_FORMATS.join(', ')}`, { field: l });
    return formats;
  },
  // Tags are free text; an empty value clears them on update.
  tags: (l, v) => rule.list(l, v, (tag) => rule.text(l, tag, 255)),
};

export function validateAdSlot(raw: Record<string, string | undefined>, mode: Mode, label: rule.Label): AdSlotFields {
  if (mode === 'create') rule.requireAll(raw, ['publication', 'name', 'formats'], label);
  const out: AdSlotFields = {};
  for (const field of AD_SLOT_FIELDS) {
    const value = raw[field];
    if (value === undefined) continue;
    if (mode === 'update' && field === 'publication') {
      throw new UsageError(`${label(field)}: an ad slot cannot move to another publication`, { field: label(field) });
    }
    out[field] = check[field](label(field), value);
  }
  return out;
}

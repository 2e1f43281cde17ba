// The ad slot: every field, in column order, with all the client knows about it (field.ts).
import { UsageError } from '../core/errors.js';
import {
  columnsOf,
  fieldNames,
  formFields,
  paramNames,
  validateForm,
  type EntitySchema,
  type FormInput,
  type Mode,
  type RecordOf,
  withNameBeside,
} from './field.js';
import { AD_FORMATS } from './enums.js';
import * as rule from './rules.js';
import type { Label } from './rules.js';

export const adSlotSchema = {
  tag: 'adslot',
  entity: 'ad slot',
  plural: 'ad slots',
  fields: {
    id: { column: { priority: 1 }, bulk: 'key' },
    publication: {
      column: {},
      check: rule.id,
      input: 'text',
      flag: { arg: '<id>', help: 'ID of the publication, or its first 4+ characters (required)' },
      bulk: 'fixed',
      refused: { update: 'an ad slot cannot move to another publication' },
    },
    name: {
      column: { wrap: true, priority: 1 },
      check: (l, v) => rule.text(l, v, 255, { required: true }),
      input: 'text',
      flag: { arg: '<name>', help: { create: 'name, at most 255 characters (required)', update: 'new name, at most 255 characters' } },
      bulk: 'compared',
    },
    formats: {
      column: { wrap: true, priority: 3 },
      check: (l, v) => {
        const formats = rule.list(l, v, (item) => rule.oneOf(l, item, AD_FORMATS));
        if (formats === '') throw new UsageError(`${l}: give at least one of ${AD_FORMATS.join(', ')}`, { field: l });
        return formats;
      },
      input: 'list',
      flag: {
        arg: '<list>',
        help: { create: `comma-separated: ${AD_FORMATS.join(', ')} (required)`, update: `comma-separated: ${AD_FORMATS.join(', ')}` },
        values: AD_FORMATS,
        list: true,
      },
      bulk: 'compared',
      set: true,
      // Production answers `<formats/>` for a slot with no format at all.
      tolerated: (v) => v.trim() === '',
    },
    tags: {
      column: { wrap: true, priority: 3 },
      check: (l, v) => rule.list(l, v, (tag) => rule.text(l, tag, 255)),
      input: 'list',
      flag: {
        arg: '<list>',
        help: { create: 'comma-separated tags, each at most 255 characters', update: 'comma-separated tags; "" removes all tags' },
      },
      bulk: 'compared',
    },
  },
  forms: {
    create: { publication: 'required', name: 'required', formats: 'required', tags: 'optional' },
    // Production answers 1500 without `name` on every update: the SDK requires it, the CLI sends the current one.
    update: { name: 'sdk', formats: 'optional', tags: 'optional' },
  },
} as const satisfies EntitySchema;

export type AdSlot = RecordOf<typeof adSlotSchema>;
export type AdSlotField = keyof AdSlot;

/** Fields of ad slot create/update, already validated; `formats` and `tags` joined with ",". */
export type AdSlotInput = FormInput<typeof adSlotSchema, 'create'> & FormInput<typeof adSlotSchema, 'update'>;
export type AdSlotFields = AdSlotInput;

export const AD_SLOT_RECORD_FIELDS = fieldNames(adSlotSchema);
export const AD_SLOT_CREATE_PARAMS = paramNames(adSlotSchema, 'create');
export const AD_SLOT_UPDATE_PARAMS = paramNames(adSlotSchema, 'update');
/** The settable fields of `slot create` (and the columns of `slot create --from`). */
export const AD_SLOT_CREATE_FIELDS = formFields(adSlotSchema, 'create');
export const adSlotColumns = columnsOf(adSlotSchema);
export const adSlotColumnsNamed = withNameBeside(adSlotColumns, 'publication', 'publicationName');

export function validateAdSlot(raw: Record<string, string | undefined>, mode: Mode, label: Label): AdSlotInput {
  return validateForm(adSlotSchema, raw, mode, label);
}

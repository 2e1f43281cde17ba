// The publication: every field, in column order, with all the client knows about it (field.ts). Statuses and types
// the spec does not list (PENDING, IPAD_APP…) pass through untouched on the way in.
import { UsageError } from '../core/errors.js';
import { columnsOf, fieldNames, paramNames, validateForm, type EntitySchema, type FormInput, type Mode, type RecordOf } from './field.js';
import { PUBLICATION_STATUSES, PUBLICATION_TYPES, SITE_TYPES } from './enums.js';
import { ISO_639_1 } from './iso639.js';
import * as rule from './rules.js';
import type { Label } from './rules.js';

export const publicationSchema = {
  tag: 'publication',
  entity: 'publication',
  plural: 'publications',
  fields: {
    id: { column: { priority: 1 }, bulk: 'key' },
    name: {
      column: { wrap: true, priority: 1 },
      check: (l, v) => rule.text(l, v, 255, { required: true }),
      input: 'text',
      flag: { arg: '<name>', help: { create: 'name, at most 255 characters (required)', update: 'name, at most 255 characters' } },
      bulk: 'compared',
    },
    type: {
      column: {},
      check: (l, v) => rule.oneOf(l, v, PUBLICATION_TYPES),
      // The SDK takes any string: the check matches case-blind and names the allowed types.
      input: 'text',
      flag: { arg: '<type>', help: `publication type (required): ${PUBLICATION_TYPES.join(', ')}`, values: PUBLICATION_TYPES },
      bulk: 'fixed',
      caseless: true,
      refused: { update: "the service does not allow changing a publication's type" },
    },
    status: {
      column: { priority: 1 },
      check: (l, v) => rule.oneOf(l, v, PUBLICATION_STATUSES),
      input: PUBLICATION_STATUSES,
      flag: {
        arg: '<status>',
        help: `new status: ${PUBLICATION_STATUSES.join(', ')} (STOPPED is permanent)`,
        values: PUBLICATION_STATUSES,
      },
      bulk: 'compared',
      caseless: true,
      // PENDING, NEW_REVIEW, REJECTED… are statuses the service reports but no one can set.
      tolerated: (v) => /^[A-Za-z_]+$/.test(v.trim()),
      refused: { create: 'cannot be set on create; new publications start PENDING' },
    },
    description: {
      column: { wrap: true, priority: 3 },
      check: (l, v, mode) => rule.text(l, v, 4096, { required: mode === 'create' }),
      input: 'text',
      flag: {
        arg: '<text>',
        help: { create: 'description, at most 4096 characters (required)', update: 'description, at most 4096 characters' },
      },
      bulk: 'compared',
    },
    reference: {
      column: { wrap: true, priority: 3 },
      check: (l, v) => rule.text(l, v, 255),
      input: 'text',
      flag: { arg: '<ref>', help: 'your own identifier for the publication' },
      bulk: 'compared',
    },
    url: {
      column: { wrap: true, priority: 3 },
      check: (l, v) => (v === '' ? v : rule.url(l, v)),
      input: 'text',
      flag: { arg: '<url>', help: 'URL of the site or app page (required for MOBILE_SITE and IPHONE_SITE)' },
      bulk: 'compared',
      // The service does not check URLs, so an old one may not be a valid URL today.
      tolerated: () => true,
    },
    transparent: {
      column: { type: 'bool', priority: 3 },
      check: rule.bool,
      input: 'bool',
      flag: {
        arg: '<bool>',
        help: {
          create: 'share name and description with advertisers: true or false (required)',
          update: 'share name and description with advertisers: true or false',
        },
      },
      bulk: 'compared',
    },
    languages: {
      column: { wrap: true, priority: 3 },
      check: rule.languages,
      input: 'list',
      flag: {
        arg: '<codes>',
        // The service's spec says English when none is given; production stores none.
        help: {
          create: 'comma-separated ISO 639-1 codes, e.g. en,es (without it the service stores no language, though its spec says English)',
          update: 'comma-separated ISO 639-1 codes, e.g. en,es',
        },
        values: [...ISO_639_1],
        list: true,
      },
      bulk: 'compared',
      set: true,
    },
    requests: {
      column: { type: 'int' },
      check: rule.digits,
      input: 'count',
      flag: { arg: '<n>', help: 'estimated ad requests per month (digits only)' },
      bulk: 'ignored',
    },
    uniques: {
      column: { type: 'int' },
      check: rule.digits,
      input: 'count',
      flag: { arg: '<n>', help: 'estimated unique users per month (digits only)' },
      bulk: 'ignored',
    },
    autoapprove: {
      column: { type: 'bool', priority: 3 },
      check: rule.bool,
      input: 'bool',
      flag: { arg: '<bool>', help: 'approve ads automatically: true (default) or false' },
      bulk: 'compared',
    },
  },
  table: ['id', 'name', 'type', 'status', 'languages', 'url'],
  forms: {
    // The spec requires transparent; production would default it to false, but sharing with advertisers is the user's call.
    create: {
      type: 'required',
      name: 'required',
      description: 'required',
      reference: 'optional',
      url: 'optional',
      transparent: 'required',
      languages: 'optional',
      requests: 'optional',
      uniques: 'optional',
      autoapprove: 'optional',
    },
    update: {
      name: 'optional',
      description: 'optional',
      reference: 'optional',
      url: 'optional',
      transparent: 'optional',
      languages: 'optional',
      requests: 'optional',
      uniques: 'optional',
      autoapprove: 'optional',
      status: 'optional',
    },
  },
  finish: (out, mode, label) => {
    if (mode === 'create' && SITE_TYPES.has(out.type!) && !out.url) {
      throw new UsageError(`${label('url')} is required for a ${out.type} publication`, { field: label('url') });
    }
  },
} as const satisfies EntitySchema;

/** A publication as the client sees it: every value the string the service sent. */
export type Publication = RecordOf<typeof publicationSchema>;
export type PublicationField = keyof Publication;

/** Fields of publication create/update, already validated; undefined = not sent. */
export type PublicationInput = FormInput<typeof publicationSchema, 'create'> & FormInput<typeof publicationSchema, 'update'>;

export const PUBLICATION_RECORD_FIELDS = fieldNames(publicationSchema);
export const PUBLICATION_CREATE_PARAMS = paramNames(publicationSchema, 'create');
export const PUBLICATION_UPDATE_PARAMS = paramNames(publicationSchema, 'update');
export const publicationColumns = columnsOf(publicationSchema);
export const publicationTableFields: string[] = [...publicationSchema.table];

/** Rules for publication fields, create and update alike: raw strings in, only the given fields out, normalised. */
export function validatePublication(raw: Record<string, string | undefined>, mode: Mode, label: Label): PublicationInput {
  return validateForm(publicationSchema, raw, mode, label);
}

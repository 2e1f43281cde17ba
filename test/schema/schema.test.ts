// One schema per entity (src/schema/): everything else about a field is derived from it. These
// tests prove the derivation: each field shows up as a column, a record field, a request
// parameter, a flag with its help, a bulk column and an SDK input exactly as its schema entry says.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createAdSlot, updateAdSlot } from '../../src/endpoints/adslots.js';
import { createPublication, updatePublication } from '../../src/endpoints/publications.js';
import { adSlotBulk, AD_SLOT_CREATE_COLUMNS, publicationBulk } from '../../src/bulk/schema.js';
import * as columns from '../../src/command-kit/columns.js';
import { commandSpecs } from '../../src/commands/index.js';
import { UsageError } from '../../src/core/errors.js';
import { adSlotSchema, AD_SLOT_RECORD_FIELDS } from '../../src/schema/adslot.js';
import { advertiserSchema } from '../../src/schema/advertiser.js';
import { campaignSchema } from '../../src/schema/campaign.js';
import { columnsOf, fieldNames, flagHelp, formFields, type EntitySchema, type Mode } from '../../src/schema/field.js';
import { publicationSchema, PUBLICATION_RECORD_FIELDS, validatePublication } from '../../src/schema/publication.js';
import { flagLabel } from '../../src/schema/rules.js';
import { CAMPAIGN_STATS_FIELDS, PUBLISHER_STATS_FIELDS } from '../../src/schema/stats.js';
import { adSlotChanges, adSlotCreate, publicationChanges, publicationCreate } from '../../src/sdk/inputs.js';
import { statsColumns } from '../../src/stats/rows.js';
import { DIMENSION_TABLES, STATS_TABLES } from '../../src/warehouse/schema.js';

const entities: Array<[string, EntitySchema]> = [
  ['publication', publicationSchema],
  ['ad slot', adSlotSchema],
  ['advertiser', advertiserSchema],
  ['campaign', campaignSchema],
];

/** The command as its declaration configures it (a group's index.ts under src/commands). */
function optionsOf(path: string): Command {
  const spec = commandSpecs().find((c) => c.path === path)!.spec;
  const cmd = new Command(spec.name);
  spec.configure?.(cmd);
  return cmd;
}

const commands: Array<[string, EntitySchema, Mode, Command]> = [
  ['pub create', publicationSchema, 'create', optionsOf('pub create')],
  ['pub update', publicationSchema, 'update', optionsOf('pub update')],
  ['slot create', adSlotSchema, 'create', optionsOf('slot create')],
  ['slot update', adSlotSchema, 'update', optionsOf('slot update')],
];

describe('columns', () => {
  it.each(entities)('every %s field is a column, in schema order, and nothing else is', (_, schema) => {
    expect(columnsOf(schema).map((c) => c.key)).toEqual(fieldNames(schema));
  });

  it('the commands show the schema columns (columns.ts only re-exports them)', () => {
    expect(columns.publicationColumns).toEqual(columnsOf(publicationSchema));
    expect(columns.adSlotColumns).toEqual(columnsOf(adSlotSchema));
    expect(columns.advertiserColumns).toEqual(columnsOf(advertiserSchema));
    expect(columns.campaignColumns).toEqual(columnsOf(campaignSchema));
  });

  it('keeps the columns the CLI always had (csv headers are a contract)', () => {
    expect(columns.publicationColumns.map((c) => c.key).join(',')).toBe(
      'id,name,type,status,description,reference,url,transparent,languages,requests,uniques,autoapprove',
    );
    expect(columns.adSlotColumns.map((c) => c.key).join(',')).toBe('id,publication,name,formats,tags');
    expect(columns.advertiserColumns.map((c) => c.key).join(',')).toBe('id,name,status,dailyBudget,balance,notifyLimit');
    expect(columns.publicationTableFields).toEqual(['id', 'name', 'type', 'status', 'languages', 'url']);
    // The table (not a contract: only what a terminal shows) names the advertiser too.
    expect(columns.campaignTableFields).toEqual([
      'id',
      'name',
      'status',
      'advertiser',
      'budgetType',
      'startDate',
      'endDate',
      'dailyBudget',
      'overallBudget',
    ]);
    // The owner's name goes right after its ID, where a table and --fields can show it.
    expect(columns.adSlotColumnsNamed.map((c) => c.key).join(',')).toBe('id,publication,publicationName,name,formats,tags');
    expect(columns.campaignTableFieldsNamed.slice(3, 5)).toEqual(['advertiser', 'advertiserName']);
    expect(columns.campaignColumnsNamed.find((c) => c.key === 'advertiserName')).toMatchObject({
      wrap: true,
      priority: 1,
      names: 'advertiser',
    });
  });

  it.each(entities)('the default table fields of a %s are its fields', (_, schema) => {
    for (const key of schema.table ?? []) expect(fieldNames(schema)).toContain(key);
  });
});

describe('API requests and records', () => {
  it('parses every field of each entity from list and single bodies', () => {
    expect(PUBLICATION_RECORD_FIELDS).toEqual(fieldNames(publicationSchema));
    expect(AD_SLOT_RECORD_FIELDS).toEqual(fieldNames(adSlotSchema));
  });

  it('sends exactly the fields of each form, in column order', () => {
    const allOf = (schema: EntitySchema, mode: Mode) => Object.fromEntries(formFields(schema, mode).map((k) => [k, 'v']));
    const sent = (params: Record<string, string | undefined> | undefined) => Object.keys(params ?? {});
    const inColumnOrder = (schema: EntitySchema, mode: Mode) => fieldNames(schema).filter((k) => formFields(schema, mode).includes(k));
    // A stray key (here the id) never reaches the wire.
    expect(sent(createPublication.request({ id: 'x', ...allOf(publicationSchema, 'create') }).params)).toEqual(
      inColumnOrder(publicationSchema, 'create'),
    );
    expect(sent(updatePublication.request('1', allOf(publicationSchema, 'update')).params)).toEqual(
      inColumnOrder(publicationSchema, 'update'),
    );
    expect(sent(createAdSlot.request(allOf(adSlotSchema, 'create')).params)).toEqual(['publication', 'name', 'formats', 'tags']);
    expect(sent(updateAdSlot.request('1', { publication: 'p', ...allOf(adSlotSchema, 'update') }).params)).toEqual([
      'name',
      'formats',
      'tags',
    ]);
    expect(sent(updatePublication.request('1', { type: 'OTHER_APP', status: 'ACTIVE' }).params)).toEqual(['status']);
  });
});

describe('command options', () => {
  it.each(commands)('%s has one flag per field of its form, in form order, with the schema help', (_, schema, mode, cmd) => {
    const fieldOptions = cmd.options.filter((o) => fieldNames(schema).includes(o.attributeName()));
    expect(fieldOptions.map((o) => o.long)).toEqual(formFields(schema, mode).map(flagLabel));
    for (const option of fieldOptions) {
      const flag = schema.fields[option.attributeName()].flag!;
      expect(option.flags).toBe(`${flagLabel(option.attributeName())} ${flag.arg}`);
      expect(option.description).toBe(flagHelp(flag, mode));
    }
  });

  it('keeps the help text the CLI always had', () => {
    const help = (cmd: Command, long: string) => cmd.options.find((o) => o.long === long)?.description;
    const [create, update] = [commands[0][3], commands[1][3]];
    expect(help(create, '--type')).toBe(
      'publication type (required): MOBILE_SITE, IPHONE_SITE, IPHONE_APP, IPAD_APP, ANDROID_APP, JAVA_APP, OTHER_APP',
    );
    expect(help(create, '--name')).toBe('name, at most 255 characters (required)');
    expect(help(update, '--name')).toBe('name, at most 255 characters');
    expect(help(update, '--status')).toBe('new status: ACTIVE, PAUSED, STOPPED (STOPPED is permanent)');
    expect(help(commands[3][3], '--tags')).toBe('comma-separated tags; "" removes all tags');
    expect(help(create, '--status')).toBeUndefined();
    expect(help(update, '--type')).toBeUndefined();
  });
});

describe('validation', () => {
  it.each(entities)('every settable %s field has a rule, a flag and an SDK kind', (_, schema) => {
    for (const mode of ['create', 'update'] as const) {
      for (const key of formFields(schema, mode)) {
        const field = schema.fields[key];
        expect(field.check, key).toBeTypeOf('function');
        expect(field.flag, key).toBeDefined();
        expect(field.input, key).toBeDefined();
      }
    }
  });

  it('refuses a field its mode does not take, saying why, and ignores keys that are no field', () => {
    const fail = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      throw new Error('expected a UsageError');
    };
    expect(fail(() => validatePublication({ type: 'OTHER_APP' }, 'update', flagLabel))).toBe(
      "--type: the service does not allow changing a publication's type",
    );
    expect(validatePublication({ yes: 'true', from: 'f.csv' }, 'update', flagLabel)).toEqual({});
  });

  it('the SDK takes the fields of each form and refuses any other', () => {
    expect(() =>
      publicationCreate({ name: 'n', type: 'OTHER_APP', description: 'd', transparent: true, status: 'ACTIVE' } as never),
    ).toThrow(/status: not a field of this call/);
    expect(() => publicationChanges({ type: 'OTHER_APP' } as never)).toThrow(/type: not a field of this call/);
    expect(() => adSlotCreate({ publication: 'p', name: 'n', formats: ['text'], colour: 'red' } as never)).toThrow(/colour/);
    expect(adSlotChanges({ name: 'n', tags: ['a', 'b'] })).toEqual({ name: 'n', tags: 'a,b' });
    expect(publicationChanges({ requests: 12n, autoapprove: false, languages: ['EN'] })).toEqual({
      requests: '12',
      autoapprove: 'false',
      languages: 'en',
    });
  });
});

describe('bulk files', () => {
  it.each([
    ['publication', publicationSchema, publicationBulk],
    ['ad slot', adSlotSchema, adSlotBulk],
  ] as const)('the %s bulk schema follows each field’s role', (_, schema, bulk) => {
    expect(bulk.columns).toEqual(fieldNames(schema));
    for (const [key, field] of Object.entries(schema.fields) as Array<[string, EntitySchema['fields'][string]]>) {
      expect(bulk.compared.includes(key), key).toBe(field.bulk === 'compared');
      expect(bulk.fixed.includes(key), key).toBe(field.bulk === 'fixed');
      expect(bulk.ignored.includes(key), key).toBe(field.bulk === 'ignored');
      expect(bulk.sets.has(key), key).toBe(field.set === true);
      expect(bulk.caseless.has(key), key).toBe(field.caseless === true);
    }
    expect(fieldNames(schema).filter((k) => schema.fields[k].bulk === 'key')).toEqual(['id']);
    // Every column has a role: nothing in an exported file is silently unaccounted for.
    for (const key of bulk.columns) expect(schema.fields[key].bulk, key).toBeDefined();
  });

  it('keeps the roles bulk files always had', () => {
    expect(publicationBulk.compared).toEqual([
      'name',
      'status',
      'description',
      'reference',
      'url',
      'transparent',
      'languages',
      'autoapprove',
    ]);
    expect([publicationBulk.fixed, publicationBulk.ignored]).toEqual([['type'], ['requests', 'uniques']]);
    expect([adSlotBulk.compared, adSlotBulk.fixed, [...adSlotBulk.sets]]).toEqual([
      ['name', 'formats', 'tags'],
      ['publication'],
      ['formats'],
    ]);
    expect(AD_SLOT_CREATE_COLUMNS).toEqual(['publication', 'name', 'formats', 'tags']);
  });
});

describe('statistics and the warehouse', () => {
  it('report columns carry the figures of src/schema/stats.ts, in order', () => {
    const values = (kind: 'publisher' | 'campaign') => statsColumns(kind).slice(1);
    expect(values('publisher').map((c) => [c.key, c.type, c.priority])).toEqual(
      Object.entries(PUBLISHER_STATS_FIELDS).map(([k, f]) => [k, f.column.type, f.column.priority]),
    );
    expect(values('campaign').map((c) => c.key)).toEqual(Object.keys(CAMPAIGN_STATS_FIELDS));
  });

  it('warehouse tables take their columns from the schemas', () => {
    const names = (t: { columns: readonly { name: string; source?: string }[] }) => t.columns.map((c) => c.source ?? c.name);
    // Every table starts with its account (the e-mail), then the schema's fields.
    expect(names(DIMENSION_TABLES.publications)).toEqual(['account', ...fieldNames(publicationSchema)]);
    expect(names(DIMENSION_TABLES.campaigns)).toEqual(['account', ...fieldNames(campaignSchema)]);
    expect(names(STATS_TABLES.day.campaign).slice(-5)).toEqual(['impressions', 'clicks', 'conversions', 'spend', 'currency']);
  });
});

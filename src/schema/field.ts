// What an entity schema is made of. One object per entity (schema/publication.ts, adslot.ts,
// advertiser.ts, campaign.ts) lists its fields in column order, and for each one everything the
// client knows about it: how it shows as a column, how it is checked, the flag that sets it and its
// help, its role in bulk files, what the SDK accepts for it. The entity's TypeScript types, the
// API's request parameters and record fields, the table columns, the validation, the commander
// options and the bulk schema are all derived from that object, so adding a field is one edit.
import { UsageError } from '../core/errors.js';
import type { Column } from './column.js';
import { requireAll, type Label } from './rules.js';

export type Mode = 'create' | 'update';

/**
 * A column's role in a bulk CSV (`update --from`), which is what `list -o csv` writes:
 *   key       `id`: which entity the row is about (required for update, absent on create)
 *   compared  changed values are validated with the same rules as the flags and sent
 *   fixed     may stay as exported; a different value is an error (the service cannot change it)
 *   ignored   accepted and never sent: production ignores them and never returns them, so
 *             comparing would plan a change on every run
 */
export type BulkRole = 'key' | 'compared' | 'fixed' | 'ignored';

/** What the SDK accepts for a settable field (src/sdk/inputs.ts turns it into the wire string). */
export type InputKind = 'text' | 'bool' | 'list' | 'count' | readonly string[];

/** The command-line flag of a settable field: `--<field> <arg>`, named after the service's parameter. */
export interface FlagDef {
  /** The value's placeholder, e.g. `<name>`. */
  arg: string;
  /** Help text, the same for both modes or one per mode (create says what is required). */
  help: string | Readonly<Record<Mode, string>>;
  /** Fixed values Tab completes (`list`: a comma-separated list of them). */
  values?: readonly string[];
  list?: boolean;
}

export interface FieldDef {
  /** How the field shows as a column (its key is the field's name). */
  column: Omit<Column, 'key'>;
  /**
   * Validates and normalises a value given for create or update (a flag, a CSV cell, an SDK
   * call): returns it as it will be sent, or throws a UsageError naming `label`.
   */
  check?: (label: string, value: string, mode: Mode) => string;
  /** What the SDK takes for it (settable fields). */
  input?: InputKind;
  flag?: FlagDef;
  bulk?: BulkRole;
  /** A list the server returns in no fixed order: compared as a set in bulk files. */
  set?: boolean;
  /** An enumeration matched case-blind (as its check matches it). */
  caseless?: boolean;
  /**
   * Values the service itself may hold (and so `list -o csv` may export) although the client
   * would refuse to send them: bulk files check them against the current state instead.
   */
  tolerated?: (value: string) => boolean;
  /** Why the field cannot be given in a mode whose form lacks it (an error instead of silence). */
  refused?: Partial<Record<Mode, string>>;
}

/**
 * A field of a create or update form:
 *   required  the CLI, CSV rows and the SDK all need it
 *   optional  may be left out
 *   sdk       required by the SDK's type only: the CLI fills it in itself (the current ad slot name)
 */
export type Need = 'required' | 'optional' | 'sdk';

export type Fields = Readonly<Record<string, FieldDef>>;

export interface EntitySchema<F extends Fields = Fields> {
  /** The entity element of the service's bodies: `publication`, `adslot`… */
  tag: string;
  /** For messages: "publication", "ad slot". */
  entity: string;
  plural: string;
  /** Every field, in column order (the order of csv/json keys and of request parameters). */
  fields: F;
  /** The columns a table shows unless --fields says otherwise (all when absent). */
  table?: readonly (keyof F & string)[];
  /** What create and update take, in the order their flags are listed. */
  forms?: Partial<Record<Mode, Readonly<Partial<Record<keyof F & string, Need>>>>>;
  /** Checks across fields once each one is valid (e.g. a URL for site types). */
  finish?: (out: Readonly<Partial<Record<string, string>>>, mode: Mode, label: Label) => void;
}

/** The record type of an entity: one string per field, '' when the service sent none. */
export type RecordOf<S extends EntitySchema> = { [K in keyof S['fields'] & string]: string };

export type FormOf<S extends EntitySchema, M extends Mode> = NonNullable<NonNullable<S['forms']>[M]>;

/** The fields a form takes, validated: only those given, as they will be sent. */
export type FormInput<S extends EntitySchema, M extends Mode> = { [K in keyof FormOf<S, M> & string]?: string };

type InputValue<K> = K extends 'bool'
  ? boolean
  : K extends 'list'
    ? readonly string[] | string
    : K extends 'count'
      ? string | bigint | number
      : K extends readonly (infer V)[]
        ? V
        : string;

type InputOf<S extends EntitySchema, K extends keyof S['fields']> = InputValue<S['fields'][K]['input']>;
type NeededKeys<F, N> = { [K in keyof F]: F[K] extends N ? K : never }[keyof F];

/** What the SDK's create or update call takes: derived, so a new field is a new property. */
export type SdkInput<S extends EntitySchema, M extends Mode> = {
  -readonly [K in NeededKeys<FormOf<S, M>, 'required' | 'sdk'> & keyof S['fields']]: InputOf<S, K>;
} & {
  -readonly [K in Exclude<keyof FormOf<S, M>, NeededKeys<FormOf<S, M>, 'required' | 'sdk'>> & keyof S['fields']]?: InputOf<S, K>;
};

/** Every field name, in column order. */
export function fieldNames<F extends Fields>(schema: EntitySchema<F>): Array<keyof F & string> {
  return Object.keys(schema.fields);
}

export function columnsOf(schema: EntitySchema): Column[] {
  return Object.entries(schema.fields).map(([key, f]) => ({ key, ...f.column }));
}

/**
 * `columns` with a name column (free text, kept as long as the IDs) right after the ID column
 * `idKey`: the name of an entity another one refers to only by ID, looked up by the command.
 */
export function withNameBeside(columns: readonly Column[], idKey: string, nameKey: string): Column[] {
  const at = columns.findIndex((c) => c.key === idKey) + 1;
  return [...columns.slice(0, at), { key: nameKey, type: 'string', wrap: true, priority: 1, names: idKey }, ...columns.slice(at)];
}

/** The fields of a form (create or update), in flag order; [] for an entity that has none. */
export function formFields<S extends EntitySchema, M extends Mode>(schema: S, mode: M): Array<keyof FormOf<S, M> & string> {
  return Object.keys(schema.forms?.[mode] ?? {});
}

/** The same fields in column order: the order their request parameters are sent in. */
export function paramNames<S extends EntitySchema, M extends Mode>(schema: S, mode: M): Array<keyof FormOf<S, M> & string> {
  const form = schema.forms?.[mode] ?? {};
  return Object.keys(schema.fields).filter((k) => k in form);
}

export function fieldsWithRole(schema: EntitySchema, role: BulkRole): string[] {
  return Object.entries(schema.fields)
    .filter(([, f]) => f.bulk === role)
    .map(([k]) => k);
}

/** The help text of a field's flag in one mode. */
export function flagHelp(flag: FlagDef, mode: Mode): string {
  return typeof flag.help === 'string' ? flag.help : flag.help[mode];
}

/**
 * Raw strings (from flags, a CSV row or the SDK) → the fields of a create or update, checked and
 * normalised, only those given. Every missing required field is named in one error; a field the
 * mode refuses says why; keys that are no field of the form (and have no refusal) are ignored.
 */
export function validateForm<F extends Fields>(
  schema: EntitySchema<F>,
  raw: Readonly<Record<string, string | undefined>>,
  mode: Mode,
  label: Label,
): Partial<Record<keyof F & string, string>> {
  const form = (schema.forms?.[mode] ?? {}) as Readonly<Record<string, Need>>;
  if (mode === 'create') {
    requireAll(
      raw,
      fieldNames(schema).filter((k) => form[k] === 'required'),
      label,
    );
  }
  const out: Partial<Record<string, string>> = {};
  for (const [key, field] of Object.entries(schema.fields)) {
    const value = raw[key];
    if (value === undefined) continue;
    if (!(key in form)) {
      const why = field.refused?.[mode];
      if (why !== undefined) throw new UsageError(`${label(key)}: ${why}`, { field: label(key) });
      continue;
    }
    out[key] = field.check ? field.check(label(key), value, mode) : value;
  }
  schema.finish?.(out, mode, label);
  return out;
}

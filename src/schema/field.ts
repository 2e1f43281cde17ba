// What an entity schema is made of: one object per entity lists its fields in column order with all the client knows
// about each; types, request parameters, columns, checks, flags and bulk roles derive from it, so a field is one edit.
import { UsageError } from '../core/errors.js';
import type { Column } from './column.js';
import { requireAll, type Label } from './rules.js';

export type Mode = 'create' | 'update';

/** A column's role in a bulk CSV; `ignored`: production neither takes nor returns it, so comparing would plan a change every run. */
export type BulkRole = 'key' | 'compared' | 'fixed' | 'ignored';

export type InputKind = 'text' | 'bool' | 'list' | 'count' | readonly string[];

export interface FlagDef {
  arg: string;
  help: string | Readonly<Record<Mode, string>>;
  /** Fixed values Tab completes (`list`: a comma-separated list of them). */
  values?: readonly string[];
  list?: boolean;
}

export interface FieldDef {
  column: Omit<Column, 'key'>;
  /** Validates and normalises a value for create or update: returns it as sent, or throws a UsageError naming `label`. */
  check?: (label: string, value: string, mode: Mode) => string;
  input?: InputKind;
  flag?: FlagDef;
  bulk?: BulkRole;
  /** A list the server returns in no fixed order: compared as a set in bulk files. */
  set?: boolean;
  caseless?: boolean;
  /** Values the service may hold (and `list -o csv` export) that the client would refuse to send: bulk compares them instead. */
  tolerated?: (value: string) => boolean;
  /** Why the field cannot be given in a mode whose form lacks it (an error instead of silence). */
  refused?: Partial<Record<Mode, string>>;
}

/** `sdk`: required by the SDK's type only; the CLI fills it in itself (the current ad slot name). */
export type Need = 'required' | 'optional' | 'sdk';

export type Fields = Readonly<Record<string, FieldDef>>;

export interface EntitySchema<F extends Fields = Fields> {
  /** The entity element of the service's bodies: `publication`, `adslot`… */
  tag: string;
  entity: string;
  plural: string;
  fields: F;
  /** The columns a table shows unless --fields says otherwise (all when absent). */
  table?: readonly (keyof F & string)[];
  /** What create and update take, in the order their flags are listed. */
  forms?: Partial<Record<Mode, Readonly<Partial<Record<keyof F & string, Need>>>>>;
  finish?: (out: Readonly<Partial<Record<string, string>>>, mode: Mode, label: Label) => void;
}

/** The record type of an entity: one string per field, '' when the service sent none. */
export type RecordOf<S extends EntitySchema> = { [K in keyof S['fields'] & string]: string };

export type FormOf<S extends EntitySchema, M extends Mode> = NonNullable<NonNullable<S['forms']>[M]>;

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

export function fieldNames<F extends Fields>(schema: EntitySchema<F>): Array<keyof F & string> {
  return Object.keys(schema.fields);
}

export function columnsOf(schema: EntitySchema): Column[] {
  return Object.entries(schema.fields).map(([key, f]) => ({ key, ...f.column }));
}

/** `columns` with a name column right after the ID column `idKey`, for an entity another refers to only by ID. */
export function withNameBeside(columns: readonly Column[], idKey: string, nameKey: string): Column[] {
  const at = columns.findIndex((c) => c.key === idKey) + 1;
  return [...columns.slice(0, at), { key: nameKey, type: 'string', wrap: true, priority: 1, names: idKey }, ...columns.slice(at)];
}

export function formFields<S extends EntitySchema, M extends Mode>(schema: S, mode: M): Array<keyof FormOf<S, M> & string> {
  return Object.keys(schema.forms?.[mode] ?? {});
}

/** A form's fields in column order: the order their request parameters are sent in. */
export function paramNames<S extends EntitySchema, M extends Mode>(schema: S, mode: M): Array<keyof FormOf<S, M> & string> {
  const form = schema.forms?.[mode] ?? {};
  return Object.keys(schema.fields).filter((k) => k in form);
}

export function fieldsWithRole(schema: EntitySchema, role: BulkRole): string[] {
  return Object.entries(schema.fields)
    .filter(([, f]) => f.bulk === role)
    .map(([k]) => k);
}

export function flagHelp(flag: FlagDef, mode: Mode): string {
  return typeof flag.help === 'string' ? flag.help : flag.help[mode];
}

/** Raw strings → the given fields of a form, checked and normalised; every missing required field is named in one error. */
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

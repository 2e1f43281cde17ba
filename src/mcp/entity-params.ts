// A write tool's parameters, generated from the entity schema (schema/field.ts): each settable
// field of the form with the JSON type of its InputKind (bool → boolean, count → integer, a fixed
// set → enum, list → array), described by its flag's help. What an agent sends is turned back
// into the strings the schema's checks take, so the same rules and words apply as on the CLI.
import * as z from 'zod';
import { flagHelp, formFields, type EntitySchema, type FieldDef, type Mode } from '../schema/field.js';

/** The flag's help in the terms of a JSON parameter: no list of values an enum already gives, lists as arrays. */
function describe(key: string, field: FieldDef, mode: Mode, enumerated: boolean): string {
  let help = field.flag === undefined ? key : flagHelp(field.flag, mode);
  help = help.replace(/ \((required|digits only)\)/g, '').replace(/: true \(default\) or false/, ' (default true)');
  help = help.replace(/: true or false/, '');
  if (enumerated) help = help.replace(/:? ?[A-Z][A-Z0-9_]+(, [A-Z][A-Z0-9_]+)+.*$/, '');
  help = help
    .replace(/^comma-separated:?\s*/, 'list of ')
    .replace('e.g. en,es', 'e.g. ["en","es"]')
    .replace('""', '[]');
  return help.trim() === 'list of' ? `one or more ${key}` : help.trim();
}

function paramOf(key: string, field: FieldDef, mode: Mode): z.ZodType {
  const input = field.input ?? 'text';
  const values = typeof input === 'string' ? field.flag?.values : input;
  // A short fixed set is an enum; a long one (ISO 639-1's 184 codes) would flood tools/list, and the check names it.
  const fixed = values !== undefined && values.length <= 16 ? (values as readonly [string, ...string[]]) : undefined;
  const text = describe(key, field, mode, fixed !== undefined);
  if (input === 'bool') return z.boolean().describe(text);
  if (input === 'count') return z.number().int().min(0).describe(text);
  if (input === 'list') return z.array(fixed ? z.enum(fixed) : z.string()).describe(text);
  return (fixed ? z.enum(fixed) : z.string()).describe(text);
}

/** The form's fields as tool parameters, every one optional here: the schema's own check names a missing required one. */
export function entityParams(schema: EntitySchema, mode: Mode): Record<string, z.ZodOptional<z.ZodType>> {
  const params: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const key of formFields(schema, mode)) params[key] = paramOf(key, schema.fields[key], mode).optional();
  return params;
}

/** The agent's JSON values as the strings the CLI's flags give the schema: true → "true", 5 → "5", ["a","b"] → "a,b". */
export function asFlagValues(args: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    // The strict schema let through only strings, integers, booleans and arrays of strings.
    const plain = value as string | number | boolean | string[];
    out[key] = Array.isArray(plain) ? plain.join(',') : String(plain);
  }
  return out;
}

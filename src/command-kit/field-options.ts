// The flags of a create or update command, from the entity's schema (src/schema/): one option per
// field of the form, in the form's order, with the schema's help text and Tab completion. Flag
// names are the service's parameter names, so `--languages en,es` is sent as `languages=en,es`.
import { type Command, Option } from 'commander';
import { completeWith } from '../completion/hints.js';
import { fieldNames, flagHelp, formFields, type EntitySchema, type Mode } from '../schema/field.js';
import { flagLabel } from '../schema/rules.js';

export function addFieldOptions(cmd: Command, schema: EntitySchema, mode: Mode): Command {
  for (const key of formFields(schema, mode)) {
    const flag = schema.fields[key].flag;
    if (flag === undefined) continue;
    const option = new Option(`${flagLabel(key)} ${flag.arg}`, flagHelp(flag, mode));
    cmd.addOption(flag.values === undefined ? option : completeWith(option, { values: flag.values, ...(flag.list ? { list: true } : {}) }));
  }
  return cmd;
}

/** The schema's fields among parsed options (commander's camelCase names match the service's). */
export function pickFieldOptions(schema: EntitySchema, opts: Readonly<Record<string, unknown>>): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const field of fieldNames(schema)) {
    const value = opts[field];
    if (typeof value === 'string') raw[field] = value;
  }
  return raw;
}

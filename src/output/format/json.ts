// JSON values built as text from the column type, never through JS numbers: a count of
// 9007199254740993 or an amount of 0.10 is copied digit for digit into the output.

import type { Column, ColumnType } from '../types.js';

// JSON's number grammar (RFC 8259 §6). A string matching it can be copied into the output as is.
const JSON_INT = /^-?(?:0|[1-9]\d*)$/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * One value as JSON text. An empty value is null whatever the column's type: the service writes
 * "no value" as an empty element, for a name as for a count, so a JSON reader gets one test for
 * "absent" (`=== null`) and never has to tell "" from null (docs/output.md). A value
 * the type cannot hold (an int "0012", a decimal "∞", a bool "maybe") is kept as a string rather
 * than altered or dropped, so production's odd values still reach the user.
 */
export function jsonValue(value: string, type: ColumnType = 'string'): string {
  if (value === '') return 'null';
  switch (type) {
    case 'int':
      return JSON_INT.test(value) ? value : JSON.stringify(value);
    case 'decimal':
      return JSON_NUMBER.test(value) ? value : JSON.stringify(value);
    case 'bool':
      return value === 'true' || value === 'false' ? value : JSON.stringify(value);
    default:
      return JSON.stringify(value);
  }
}

/**
 * An encoder for objects with keys in column order, built once per output so the keys are
 * quoted once, not once per row. `indent` > 0 gives the layout of JSON.stringify(obj, null, 2)
 * nested at `depth`; 0 gives one compact line (ndjson).
 */
export function objectEncoder(columns: readonly Column[], indent = 0, depth = 0): (values: readonly string[]) => string {
  if (columns.length === 0) return () => '{}';
  const inner = indent > 0 ? '\n' + ' '.repeat(indent * (depth + 1)) : '';
  const close = indent > 0 ? '\n' + ' '.repeat(indent * depth) + '}' : '}';
  const prefixes = columns.map((c, i) => (i === 0 ? '{' : ',') + inner + JSON.stringify(c.key) + (indent > 0 ? ': ' : ':'));
  const types = columns.map((c) => c.type);
  return (values) => {
    let text = '';
    for (let i = 0; i < prefixes.length; i++) text += prefixes[i] + jsonValue(values[i] ?? '', types[i]);
    return text + close;
  };
}

export function jsonObject(columns: readonly Column[], values: readonly string[], indent = 0, depth = 0): string {
  return objectEncoder(columns, indent, depth)(values);
}

/** The json array, written a batch at a time: `[`, objects separated by commas, `]`. */
export function createJsonArrayEncoder(columns: readonly Column[]) {
  const object = objectEncoder(columns, 2, 1);
  let count = 0;
  return {
    header: () => '',
    rows(batch: readonly string[][]): string {
      let text = '';
      for (const values of batch) {
        text += (count++ === 0 ? '[\n  ' : ',\n  ') + object(values);
      }
      return text;
    },
    // An empty result is `[]`, a valid document a script can iterate over.
    end: () => (count === 0 ? '[]\n' : '\n]\n'),
  };
}

export function createNdjsonEncoder(columns: readonly Column[]) {
  const object = objectEncoder(columns);
  return {
    header: () => '',
    rows(batch: readonly string[][]): string {
      let text = '';
      for (const values of batch) text += object(values) + '\n';
      return text;
    },
    // No rows, no lines: an empty ndjson stream is zero records.
    end: () => '',
  };
}

// JSON values as text. One rule for every JSON and NDJSON output of masg (docs/output.md#json-types):
// a figure (count, money, ratio) is the exact decimal string the service or the database wrote,
// never a JSON number, since JSON readers (JavaScript, Python's float, jq before 1.7) turn a number
// into a float: "0.10" would read back as 0.1, and 9007199254740993 as …992. Booleans are booleans;
// empty is null whatever the type.

import type { Column, ColumnType } from '../types.js';

/** Empty is null whatever the type; a bool column's value that is not true/false stays a string. */
export function jsonValue(value: string, type: ColumnType = 'string'): string {
  if (value === '') return 'null';
  if (type === 'bool' && (value === 'true' || value === 'false')) return value;
  return JSON.stringify(value);
}

/** Keys are quoted once per output, not per row; `indent` 0 gives one compact line (ndjson). */
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
    end: () => '',
  };
}

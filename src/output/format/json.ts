// JSON values built as text, never through JS numbers, so big counts and decimals stay exact.

import type { Column, ColumnType } from '../types.js';

// JSON's number grammar (RFC 8259 §6): a match is copied as is.
const JSON_INT = /^-?(?:0|[1-9]\d*)$/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Empty is null whatever the type; a value the type cannot hold ("0012", "∞") stays a string. */
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

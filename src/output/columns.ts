// Choosing columns (`--fields`) and reading cells, apart from the formats so that all of them select columns alike.

import { didYouMean } from '../core/closest.js';
import { UsageError } from '../core/errors.js';
import type { Column, Row } from './types.js';

/** Split a `--fields a,b` value; blanks are dropped so `a,,b` and `a, b` both work. */
export function parseFields(value: string): string[] {
  return value
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
}

/** The columns to print, in `fields` order; an unknown name is an error, since a cron typo must not drop a column silently. */
export function selectColumns(columns: readonly Column[], fields?: readonly string[]): Column[] {
  if (fields === undefined) return [...columns];
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const valid = columns.map((c) => c.key).join(', ');
  if (fields.length === 0) {
    throw new UsageError(`--fields needs at least one field. Valid fields: ${valid}.`, { field: '--fields' });
  }
  const chosen: Column[] = [];
  for (const name of new Set(fields)) {
    const column = byKey.get(name);
    if (column === undefined) {
      const guess = didYouMean(name, [...byKey.keys()]);
      throw new UsageError(`Unknown field "${name}" in --fields. Valid fields: ${valid}.`, { field: '--fields', hint: guess || undefined });
    }
    chosen.push(column);
  }
  return chosen;
}

/** A row's values in column order; a missing value is '' like any empty value from the service. */
export function cellValues(columns: readonly Column[], row: Row): string[] {
  return columns.map((c) => row[c.key] ?? '');
}

/**
 * A column's heading in a table: its own header, else its key read as words ("publicationName" →
 * "publication name"). Only tables: csv, tsv and json keep the key, which is what --fields takes.
 */
export function headingOf(column: Column): string {
  return column.header ?? column.key.replace(/(?<=[a-z\d])([A-Z])(?=[a-z])/g, (c) => ` ${c.toLowerCase()}`);
}

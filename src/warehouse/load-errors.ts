// What the engine refused while loading a day is the service's data when the refusal is about a
// value or a key: a count too big for BIGINT, a key sent twice. That is exit 6 naming the day and
// the value or key, not a local failure (exit 7). The engine decides; masg only words it.

import { NetworkError } from '../core/errors.js';
import type { TableDef } from './schema.js';

interface EngineError {
  message?: string;
  code?: string;
  detail?: string;
  where?: string;
}

/** The driver's own error, under the LocalIOError that databaseError() wrapped it in. */
function engineError(err: unknown): EngineError {
  let e: unknown = err;
  while (e instanceof Error && e.cause !== undefined) e = e.cause;
  return e ?? {};
}

const shown = (value: string) => (value.length > 80 ? `"${value.slice(0, 80)}…" (${value.length} characters)` : `"${value}"`);

/** A value the column cannot hold, as DuckDB (Conversion Error) or PostgreSQL (SQLSTATE class 22) says it. */
function valueRefused(e: EngineError, table: TableDef, date: string): NetworkError | undefined {
  const message = e.message ?? '';
  const duck = /converting column "([^"]+)"\. Could not convert string "([^"]*)"/.exec(message);
  const pgWhere = /column (\w+): "([^"]*)"/.exec(e.where ?? '');
  const [column, value] = duck ? [duck[1], duck[2]] : pgWhere ? [pgWhere[1], pgWhere[2]] : [undefined, undefined];
  const isDuck = message.startsWith('Conversion Error');
  const isPg = typeof e.code === 'string' && e.code.startsWith('22');
  if (!isDuck && !isPg) return undefined;
  const what = column === undefined ? 'a value' : `${shown(value ?? '')} as ${column}`;
  return new NetworkError(
    `The service sent ${what} for ${date} (${table.name}), which the warehouse cannot keep: ${message.split('\n')[0]}. Nothing of ${date} was changed.`,
    { hint: 'This is the service’s data: report it to the service with the day and the value.' },
  );
}

/** A key sent twice: PostgreSQL's primary key (23505, the key in its detail), or masg's check in DuckDB. */
export function duplicateKey(table: TableDef, date: string, key: string): NetworkError {
  return new NetworkError(
    `The service sent the key (${table.key.join(', ')}) = (${key}) twice for ${date} (${table.name}): the warehouse keeps one row per key. Nothing of ${date} was changed.`,
    { hint: 'This is the service’s data: report it to the service with the day and the key.' },
  );
}

/** `err` as the service's problem when the engine refused a value or a key of the day, else undefined. */
export function serviceDataError(err: unknown, table: TableDef, date: string): NetworkError | undefined {
  const e = engineError(err);
  if (e.code === '23505') {
    const key = /\)=\((.*)\) already exists/.exec(e.detail ?? '')?.[1] ?? '?';
    return duplicateKey(table, date, key);
  }
  return valueRefused(e, table, date);
}

// The plan of a bulk update: each row compared with the current state, so re-applying a file sends
// nothing. Every invalid cell is reported at once, before a single change is sent.
import { UsageError } from '../core/errors.js';
import { id as checkId, type Label } from '../schema/rules.js';
import type { CsvTable } from './csv-read.js';
import { sameValue, type BulkSchema } from './schema.js';

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

export type RowPlan =
  | { action: 'update'; line: number; id: string; name: string; changes: FieldChange[] }
  | { action: 'unchanged'; line: number; id: string; name: string }
  /** The ID is not among the account's entities. */
  | { action: 'error'; line: number; id: string; message: string };

export interface UpdatePlan {
  entity: string;
  rows: RowPlan[];
}

export const lineLabel =
  (line: number): Label =>
  (field) =>
    `${field} (line ${line})`;

/** Checked before the current state is read, except values the service may hold (`tolerated`). */
export function checkUpdateFile(schema: BulkSchema, table: CsvTable, name: string): void {
  checkColumns(schema.columns, table.columns, name);
  if (!table.columns.includes('id')) {
    throw new UsageError(`${name}: no "id" column: each row needs the ID of the ${schema.entity} to update.`, { field: '--from' });
  }
  const errors: string[] = [];
  const first = new Map<string, number>();
  for (const row of table.rows) {
    const id = row.cells.id.trim();
    const dup = first.get(id);
    if (dup !== undefined) errors.push(`id (line ${row.line}): the same ${schema.entity} as line ${dup}`);
    else first.set(id, row.line);
    collect(errors, () => checkId(`id (line ${row.line})`, id));
    const label = lineLabel(row.line);
    for (const field of table.columns) {
      const value = row.cells[field];
      const checked = schema.compared.includes(field) || (schema.ignored.includes(field) && value !== '');
      if (checked && !schema.tolerated(field, value)) collect(errors, () => schema.check(field, value, label));
    }
  }
  throwAll(errors, name);
}

/** Unknown columns are refused by name: a typo would otherwise silently change nothing. */
export function checkColumns(known: readonly string[], columns: readonly string[], name: string): void {
  const unknown = columns.filter((c) => !known.includes(c));
  if (unknown.length > 0) {
    throw new UsageError(`${name}: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')} (line 1).`, {
      field: '--from',
      hint: `The columns are: ${known.join(', ')}.`,
    });
  }
}

export function planUpdates(schema: BulkSchema, table: CsvTable, current: ReadonlyArray<Record<string, string>>, name: string): UpdatePlan {
  const byId = new Map(current.map((e) => [e.id, e]));
  const errors: string[] = [];
  const rows = table.rows.map((row): RowPlan => {
    const id = row.cells.id.trim();
    const now = byId.get(id);
    if (!now) return { action: 'error', line: row.line, id, message: `no ${schema.entity} with this ID in the account` };
    const label = lineLabel(row.line);
    const changes: FieldChange[] = [];
    for (const field of table.columns) {
      const value = row.cells[field];
      const was = now[field] ?? '';
      if (field === 'id' || sameValue(schema, field, value, was)) continue;
      if (schema.fixed.includes(field))
        errors.push(`${label(field)}: cannot be changed (the service has "${was}", the file says "${value}")`);
      else if (schema.ignored.includes(field)) collect(errors, () => value !== '' && schema.check(field, value, label));
      else {
        // Validated only when it differs: an exported value the rules would refuse today (an ad
        // slot with no formats) must round-trip as "unchanged", not fail the whole file.
        const to = collect(errors, () => schema.check(field, value, label));
        if (to !== undefined && !sameValue(schema, field, to, was)) changes.push({ field, from: was, to });
      }
    }
    const base = { line: row.line, id, name: now.name ?? '' };
    return changes.length > 0 ? { action: 'update', ...base, changes } : { action: 'unchanged', ...base };
  });
  throwAll(errors, name);
  return { entity: schema.entity, rows };
}

export function collect<T>(errors: string[], fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    errors.push(err.message);
    return undefined;
  }
}

const SHOWN = 20;

/** One UsageError (exit 2) listing every problem, so one edit pass can fix them all. */
export function throwAll(errors: string[], name: string): void {
  if (errors.length === 0) return;
  const more = errors.length > SHOWN ? [`… and ${errors.length - SHOWN} more`] : [];
  const lines = [...errors.slice(0, SHOWN), ...more].map((e) => `  ${e}`);
  throw new UsageError(`${name}: ${errors.length} invalid value${errors.length > 1 ? 's' : ''}; nothing was sent.\n${lines.join('\n')}`, {
    field: '--from',
  });
}

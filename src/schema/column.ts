// How a field shows as a column in tables, csv/tsv and json. Rows hold the strings the service sent; typing is per
// column, for typed formats only, so IDs like "0012" and counts beyond 2^53 survive.

export type ColumnType = 'string' | 'int' | 'decimal' | 'bool';

export interface Column {
  key: string;
  header?: string;
  type?: ColumnType;
  /** Free text: the only values a table cuts with `…` (or wraps with --wide); IDs, numbers, dates are never cut. */
  wrap?: boolean;
  /** Which columns a too-wide table drops first: 1 = IDs, names, key figures (last), 2 = default, 3 = secondary text. */
  priority?: 1 | 2 | 3;
  /** A name column: the key of the ID column it names; a table short of room drops that ID before any figure or name. */
  names?: string;
}

export type Row = Readonly<Record<string, string | undefined>>;

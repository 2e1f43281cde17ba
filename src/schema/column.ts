// How a field shows as a column: the one description of a value that tables, csv/tsv and json
// all read. Rows are plain objects of strings, exactly as the service sent them; typing happens
// per column, only for formats that have types (json, ndjson), so IDs like "0012" and counts
// beyond 2^53 survive.

export type ColumnType = 'string' | 'int' | 'decimal' | 'bool';

export interface Column {
  /** Field name: the csv/tsv header, the json key, the name `--fields` refers to. */
  key: string;
  /** Human label for tables; defaults to the key. */
  header?: string;
  type?: ColumnType;
  /**
   * Free text (names, descriptions, URLs): the only values a table cuts with `…` to fit the
   * terminal (or wraps at spaces with --wide). IDs, numbers, dates and statuses are never cut.
   */
  wrap?: boolean;
  /**
   * How long the column stays when a table is too wide for the terminal: 1 = IDs, names and key
   * figures (go last), 2 = ordinary (the default), 3 = secondary text such as descriptions, URLs
   * and tags (go first). Machine formats ignore it.
   */
  priority?: 1 | 2 | 3;
  /**
   * A name column: the key of the ID column it names (`publicationName` names `publication`).
   * A table short of room drops an ID whose name is shown before any figure or name.
   */
  names?: string;
}

export type Row = Readonly<Record<string, string | undefined>>;

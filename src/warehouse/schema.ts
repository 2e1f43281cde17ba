// The warehouse's tables (docs/warehouse.md): statistics columns named as the CSV exports, dimension
// columns as the list commands, typed from the schemas; money is DECIMAL(18,2), never rounded.
// Identifiers are lower case and unquoted, so both databases take the same queries. Every table
// holds several accounts: its first column is `account` (the service's identity, the e-mail), the
// first column of every key, so the same IDs in two accounts never collide (schema version 2;
// upgrade.ts upgrades version 1, which held one account without the column, version 2, which
// had no restatement ledger, and version 3, which did not record each account's service).

import type { ColumnType } from '../schema/column.js';
import { adSlotSchema } from '../schema/adslot.js';
import { advertiserSchema } from '../schema/advertiser.js';
import { campaignSchema } from '../schema/campaign.js';
import { columnsOf, type EntitySchema } from '../schema/field.js';
import { publicationSchema } from '../schema/publication.js';
import { CAMPAIGN_STATS_FIELDS, PUBLISHER_STATS_FIELDS, type StatsFieldDef } from '../schema/stats.js';

export type Dialect = 'duckdb' | 'postgres';
export type ColumnKind = 'date' | 'hour' | 'text' | 'count' | 'money' | 'bool' | 'timestamp';

export interface TableColumn {
  name: string;
  kind: ColumnKind;
  /** The key of the record the value comes from, when it differs from the column's name. */
  source?: string;
}

export interface TableDef {
  name: string;
  columns: TableColumn[];
  /** The natural key: PostgreSQL's primary key; in DuckDB, checked in each day's transaction (store.ts). */
  key: string[];
}

// camelCase list fields become snake_case columns (dailyBudget → daily_budget): PostgreSQL folds
// unquoted names to lower case, and a name that reads the same in both databases needs no quotes.
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const col = (key: string, kind: ColumnKind): TableColumn =>
  snake(key) === key ? { name: key, kind } : { name: snake(key), kind, source: key };
const text = (...names: string[]) => names.map((n) => col(n, 'text'));

const KIND: Record<ColumnType, ColumnKind> = { string: 'text', int: 'count', decimal: 'money', bool: 'bool' };

/** The statistics columns a table keeps, typed and ordered as the schema has them (src/schema/stats.ts). */
function figures(fields: Readonly<Record<string, StatsFieldDef>>): TableColumn[] {
  return Object.entries(fields)
    .filter(([, f]) => f.warehouse === true)
    .map(([key, f]) => col(key, KIND[f.column.type]));
}

/** The first column of every table and of every key. */
export const ACCOUNT_COLUMN: TableColumn = { name: 'account', kind: 'text' };

/** A dimension table: the entity's columns (what `list -o csv` writes), typed from the schema. */
function dimension(name: string, schema: EntitySchema): TableDef {
  return {
    name,
    columns: [ACCOUNT_COLUMN, ...columnsOf(schema).map((c) => col(c.key, KIND[c.type ?? 'string']))],
    key: ['account', 'id'],
  };
}

export type Grain = 'day' | 'hour';
export const GRAINS: readonly Grain[] = ['day', 'hour'];

function publisherStats(grain: Grain): TableDef {
  const time = grain === 'hour' ? [col('date', 'date'), col('hour', 'hour')] : [col('date', 'date')];
  return {
    name: grain === 'hour' ? 'publisher_stats_hourly' : 'publisher_stats',
    columns: [ACCOUNT_COLUMN, ...time, ...text('publication', 'adslot', 'country'), ...figures(PUBLISHER_STATS_FIELDS)],
    key: ['account', ...time.map((c) => c.name), 'publication', 'adslot', 'country'],
  };
}

function campaignStats(grain: Grain): TableDef {
  const time = grain === 'hour' ? [col('date', 'date'), col('hour', 'hour')] : [col('date', 'date')];
  return {
    name: grain === 'hour' ? 'campaign_stats_hourly' : 'campaign_stats',
    columns: [ACCOUNT_COLUMN, ...time, ...text('advertiser', 'campaign'), ...figures(CAMPAIGN_STATS_FIELDS)],
    key: ['account', ...time.map((c) => c.name), 'campaign'],
  };
}

export const STATS_TABLES = {
  day: { publisher: publisherStats('day'), campaign: campaignStats('day') },
  hour: { publisher: publisherStats('hour'), campaign: campaignStats('hour') },
} as const;

/** Every statistics table, each grain's publisher and campaign tables. */
export const ALL_STATS_TABLES: readonly TableDef[] = GRAINS.flatMap((g) => [STATS_TABLES[g].publisher, STATS_TABLES[g].campaign]);

/** Snapshots of the account's objects, replaced whole on every sync, so SQL can report by name. */
export const DIMENSION_TABLES = {
  publications: dimension('publications', publicationSchema),
  adslots: dimension('adslots', adSlotSchema),
  advertisers: dimension('advertisers', advertiserSchema),
  campaigns: dimension('campaigns', campaignSchema),
} as const satisfies Record<string, TableDef>;

/** One row per account, synced day and grain, written in the day's transaction; `complete` is false for today. */
export const STATE_TABLE: TableDef = {
  name: 'masg_sync_days',
  columns: [
    ACCOUNT_COLUMN,
    col('grain', 'text'),
    col('date', 'date'),
    col('complete', 'bool'),
    col('publisher_rows', 'count'),
    col('campaign_rows', 'count'),
    col('synced_at', 'timestamp'),
  ],
  key: ['account', 'grain', 'date'],
};

/**
 * Per account: the zone its `date`s are counted in, the lookback of its last run, and that run's
 * start, end and result (`ok`, or the failure's kind and message), for `masg sync --status`; and
 * the service it is synced from (service.ts: the base URL's origin, or `sandbox`), recorded by its
 * first sync (NULL until then in a warehouse upgraded from version 3 or older), last so that
 * version 3's ALTER TABLE … ADD COLUMN gives the very table a new warehouse has. Schema version 4.
 */
export const ACCOUNTS_TABLE: TableDef = {
  name: 'masg_sync_accounts',
  columns: [
    ACCOUNT_COLUMN,
    col('timezone', 'text'),
    col('lookback', 'count'),
    col('last_run_started', 'timestamp'),
    col('last_run_ended', 'timestamp'),
    col('last_result', 'text'),
    col('last_message', 'text'),
    col('service', 'text'),
  ],
  key: ['account'],
};

/**
 * PostgreSQL shared by several hosts: the account a running sync holds (its advisory lock, keyed
 * by the account, is the lock itself; this row names the host for the one refused). A row whose
 * advisory lock is free is a killed sync's and is taken over.
 */
export const LOCKS_TABLE: TableDef = {
  name: 'masg_sync_locks',
  columns: [ACCOUNT_COLUMN, col('host', 'text'), col('pid', 'count'), col('since', 'timestamp')],
  key: ['account'],
};

/**
 * The schema version; while the warehouse holds exactly one account, also `account` and
 * `timezone` (what version 1 had, so its readers still find their one account; removed once a
 * second account arrives, so that no such reader ever sums two accounts).
 */
export const META_TABLE: TableDef = { name: 'masg_sync_meta', columns: text('key', 'value'), key: ['key'] };

/**
 * The restatement ledger (restatements.ts): one row per account, grain, day and side each time a
 * sync meets a day it held with other figures, written in the day's transaction: the totals
 * before and after (a side's own figures; the other side's columns NULL), when and by which run,
 * and whether the new figures were `applied`, `held` (the day kept its rows) or `accepted`
 * (--accept-restated took a held answer). Schema version 3.
 */
export const RESTATEMENTS_TABLE: TableDef = {
  name: 'masg_sync_restatements',
  columns: [
    ACCOUNT_COLUMN,
    col('grain', 'text'),
    col('date', 'date'),
    col('side', 'text'),
    col('status', 'text'),
    ...(['rows', 'requests', 'impressions', 'clicks', 'conversions'] as const).flatMap((f) => [
      col(`before_${f}`, 'count'),
      col(`after_${f}`, 'count'),
    ]),
    ...(['earnings', 'spend'] as const).flatMap((f) => [col(`before_${f}`, 'money'), col(`after_${f}`, 'money')]),
    col('seen_at', 'timestamp'),
    col('run_id', 'text'),
  ],
  key: ['account', 'grain', 'date', 'side', 'run_id'],
};

export const SCHEMA_VERSION = '4';

export const ALL_TABLES: readonly TableDef[] = [
  ...ALL_STATS_TABLES,
  ...Object.values(DIMENSION_TABLES),
  STATE_TABLE,
  ACCOUNTS_TABLE,
  LOCKS_TABLE,
  RESTATEMENTS_TABLE,
  META_TABLE,
];

/** DuckDB keeps a primary key on these small tables (the statistics tables' keys are checked per day). */
const KEYED_IN_DUCKDB: readonly TableDef[] = [STATE_TABLE, ACCOUNTS_TABLE, LOCKS_TABLE, RESTATEMENTS_TABLE, META_TABLE];

function sqlType(kind: ColumnKind, dialect: Dialect): string {
  switch (kind) {
    case 'date':
      return 'DATE';
    case 'hour':
      return 'SMALLINT';
    case 'text':
      return dialect === 'duckdb' ? 'VARCHAR' : 'TEXT';
    case 'count':
      return 'BIGINT';
    case 'money':
      return 'DECIMAL(18,2)';
    case 'bool':
      return 'BOOLEAN';
    case 'timestamp':
      return 'TIMESTAMP';
  }
}

export function columnSqlType(c: TableColumn, dialect: Dialect): string {
  return sqlType(c.kind, dialect);
}

/** One row into `t`: `names`' parameters, $1 on, each cast to its column's type as the table defines it. */
export function insertSql(t: TableDef, names: readonly string[], dialect: Dialect): string {
  const casts = names.map((name, i) => {
    const c = t.columns.find((x) => x.name === name);
    if (!c) throw new Error(`${t.name} has no column ${name}`); // a caller's bug
    return `CAST($${i + 1} AS ${sqlType(c.kind, dialect)})`;
  });
  return `INSERT INTO ${t.name} (${names.join(', ')}) VALUES (${casts.join(', ')})`;
}

/** No key constraint on DuckDB's statistics tables: its index made loads 3× slower; store.ts checks each day's keys. */
export function createTableSql(t: TableDef, dialect: Dialect, name = t.name): string {
  const cols = t.columns.map((c) => `${c.name} ${sqlType(c.kind, dialect)}`);
  if (dialect === 'postgres' || KEYED_IN_DUCKDB.includes(t)) cols.push(`PRIMARY KEY (${t.key.join(', ')})`);
  return `CREATE TABLE IF NOT EXISTS ${name} (${cols.join(', ')})`;
}

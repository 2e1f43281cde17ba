// The warehouse's tables (docs/warehouse.md): statistics columns named as the CSV exports, dimension
// columns as the list commands, typed from the schemas; money is DECIMAL(18,2), never rounded.
// Identifiers are lower case and unquoted, so both databases take the same queries.

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

/** A dimension table: the entity's columns (what `list -o csv` writes), typed from the schema. */
function dimension(name: string, schema: EntitySchema): TableDef {
  return { name, columns: columnsOf(schema).map((c) => col(c.key, KIND[c.type ?? 'string'])), key: ['id'] };
}

export type Grain = 'day' | 'hour';
export const GRAINS: readonly Grain[] = ['day', 'hour'];

function publisherStats(grain: Grain): TableDef {
  const time = grain === 'hour' ? [col('date', 'date'), col('hour', 'hour')] : [col('date', 'date')];
  return {
    name: grain === 'hour' ? 'publisher_stats_hourly' : 'publisher_stats',
    columns: [...time, ...text('publication', 'adslot', 'country'), ...figures(PUBLISHER_STATS_FIELDS)],
    key: [...time.map((c) => c.name), 'publication', 'adslot', 'country'],
  };
}

function campaignStats(grain: Grain): TableDef {
  const time = grain === 'hour' ? [col('date', 'date'), col('hour', 'hour')] : [col('date', 'date')];
  return {
    name: grain === 'hour' ? 'campaign_stats_hourly' : 'campaign_stats',
    columns: [...time, ...text('advertiser', 'campaign'), ...figures(CAMPAIGN_STATS_FIELDS)],
    key: [...time.map((c) => c.name), 'campaign'],
  };
}

export const STATS_TABLES = {
  day: { publisher: publisherStats('day'), campaign: campaignStats('day') },
  hour: { publisher: publisherStats('hour'), campaign: campaignStats('hour') },
} as const;

/** Snapshots of the account's objects, replaced whole on every sync, so SQL can report by name. */
export const DIMENSION_TABLES = {
  publications: dimension('publications', publicationSchema),
  adslots: dimension('adslots', adSlotSchema),
  advertisers: dimension('advertisers', advertiserSchema),
  campaigns: dimension('campaigns', campaignSchema),
} as const satisfies Record<string, TableDef>;

/** One row per synced day and grain, written in the day's transaction; `complete` is false for today. */
export const STATE_TABLE: TableDef = {
  name: 'masg_sync_days',
  columns: [
    col('grain', 'text'),
    col('date', 'date'),
    col('complete', 'bool'),
    col('publisher_rows', 'count'),
    col('campaign_rows', 'count'),
    col('synced_at', 'timestamp'),
  ],
  key: ['grain', 'date'],
};

/** What the warehouse holds: account, time zone of `date`, schema version. */
export const META_TABLE: TableDef = { name: 'masg_sync_meta', columns: text('key', 'value'), key: ['key'] };

export const SCHEMA_VERSION = '1';

export const ALL_TABLES: readonly TableDef[] = [
  STATS_TABLES.day.publisher,
  STATS_TABLES.day.campaign,
  STATS_TABLES.hour.publisher,
  STATS_TABLES.hour.campaign,
  ...Object.values(DIMENSION_TABLES),
  STATE_TABLE,
  META_TABLE,
];

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

/** No key constraint on DuckDB's statistics tables: its index made loads 3× slower; store.ts checks each day's keys. */
export function createTableSql(t: TableDef, dialect: Dialect): string {
  const cols = t.columns.map((c) => `${c.name} ${sqlType(c.kind, dialect)}`);
  if (dialect === 'postgres' || t === STATE_TABLE || t === META_TABLE) cols.push(`PRIMARY KEY (${t.key.join(', ')})`);
  return `CREATE TABLE IF NOT EXISTS ${t.name} (${cols.join(', ')})`;
}

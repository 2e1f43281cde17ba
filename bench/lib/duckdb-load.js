// The engine's share of bench/warehouse.js: DuckDB's own load of the day's rows, with nothing of
// masg's around it. A fresh Node process opens a new database file with the settings a sync
// writes with (dist/warehouse/sync-duckdb-settings.js), creates publisher_stats as the sync does
// (dist/warehouse/schema.js), reads the baseline's CSV with DuckDB's CSV reader in one
// transaction, commits and closes. What a sync spends beyond the export plus this is masg's.
//
//   node bench/lib/duckdb-load.js DB CSV ACCOUNT DAY
import { createRequire } from 'node:module';
import { columnSqlType, createTableSql, STATS_TABLES } from '../../dist/warehouse/schema.js';
import { duckdbWriterConfig, writerSettings } from '../../dist/warehouse/sync-duckdb-settings.js';
import { CSV_LINE_LIMIT_BYTES } from '../../dist/warehouse/sql-session.js';

const [db, csv, account, day] = process.argv.slice(2);
const quote = (s) => `'${s.replace(/'/g, "''")}'`;
const table = STATS_TABLES.day.publisher;
const { DuckDBInstance } = createRequire(import.meta.url)('@duckdb/node-api');
const instance = await DuckDBInstance.create(db, duckdbWriterConfig(writerSettings(process.env)));
const conn = await instance.connect();
await conn.run(createTableSql(table, 'duckdb'));
// The export's columns are the table's after the account and the date, which the sync adds too,
// typed as the sync's loads type them; the reader's buffer is the 2 MB they read with (its
// default, 32 MB, exceeds the pool).
const columns = table.columns.slice(2).map((c) => [c.name, columnSqlType(c, 'duckdb')]);
await conn.run('BEGIN TRANSACTION');
await conn.run(
  `INSERT INTO ${table.name} SELECT ${quote(account)}, DATE ${quote(day)}, * FROM read_csv(${quote(csv)}, header = true, ` +
    `auto_detect = false, buffer_size = ${CSV_LINE_LIMIT_BYTES}, columns = {${columns.map(([name, type]) => `${quote(name)}: ${quote(type)}`).join(', ')}})`,
);
await conn.run('COMMIT');
conn.closeSync();
instance.closeSync();

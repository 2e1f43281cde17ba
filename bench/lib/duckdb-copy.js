// The baseline of bench/sql.js: DuckDB's own `COPY (query) TO 'file' (HEADER)` in a fresh Node
// process, the file opened read-only with the same memory limit and threads masg gives DuckDB
// (dist/warehouse/duckdb-settings.js), so that both sides pay the same start-up and budget.
//
//   node bench/lib/duckdb-copy.js DB OUT QUERY
import { createRequire } from 'node:module';
import { duckdbResourceConfig } from '../../dist/warehouse/duckdb-settings.js';

const [db, out, query] = process.argv.slice(2);
const { DuckDBInstance } = createRequire(import.meta.url)('@duckdb/node-api');
const instance = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY', ...duckdbResourceConfig(process.env) });
const conn = await instance.connect();
await conn.run(`COPY (${query}) TO '${out.replace(/'/g, "''")}' (HEADER)`);
conn.closeSync();
instance.closeSync();

// A floor of bench/sql.js's memory: DuckDB's Node client streaming the same text result that
// `masg sql -o csv` reads (masg's own asText: every column cast to VARCHAR by DuckDB; the same
// budget), each chunk's column bytes read as any reader of them must (`vector_get_data`), nothing
// written anywhere.
// What this peaks at is held by the client, not by masg: a chunk's native memory is freed only
// when V8 collects its JavaScript wrapper, and the client never tells V8 how big it is.
//
//   node bench/lib/duckdb-stream.js DB QUERY
import { createRequire } from 'node:module';
import { duckdbResourceConfig } from '../../dist/warehouse/duckdb-settings.js';
import { asText } from '../../dist/warehouse/sql-duckdb.js';

const [db, query] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { DuckDBInstance } = require('@duckdb/node-api');
const bindings = require('@duckdb/node-bindings');
const instance = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY', ...duckdbResourceConfig(process.env) });
const conn = await instance.connect();
const result = await conn.stream(asText(query));
const columns = result.columnCount;
let rows = 0;
for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
  for (let c = 0; c < columns; c++) bindings.vector_get_data(bindings.data_chunk_get_vector(chunk.chunk, c), chunk.rowCount * 16);
  rows += chunk.rowCount;
}
process.stdout.write(`${rows}\n`);
conn.closeSync();
instance.closeSync();

// PostgreSQL through `pg`, loaded only when used. Loads stream the staging files through `COPY …
// FROM STDIN`; values are read back as PostgreSQL's own text, so int8, numeric and DATE stay exact.

import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { connectPostgres } from './pg-connect.js';
import type { QueryArrayResult } from 'pg';
import type { ColumnType } from '../output/types.js';
import type { TableDef } from './schema.js';
import { databaseError, type QueryResult, type SqlSession, type StagedFile } from './sql-session.js';
import { briefError } from './brief-error.js';

/**
 * Bytes read from a staging file per turn of the event loop. A load runs while the sync's parser
 * holds the main thread for most of each turn: at the default 64 KB a 2 MB part took 32 turns and
 * over a second to reach the server.
 */
const COPY_CHUNK = 1024 * 1024;

const RAW_TEXT = { getTypeParser: () => (value: string) => value };

export async function openPostgres(url: string, label: string, opts: { readOnly: boolean }): Promise<SqlSession> {
  const [connection, { from: copyFrom }] = await Promise.all([connectPostgres(url, label, 'masg'), import('pg-copy-streams')]);
  const { client } = connection;
  if (opts.readOnly) await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
  let closed = false;

  // rowMode 'array' with RAW_TEXT: every row an array of text, one result per statement.
  type Answer = QueryArrayResult<Array<string | null>>;
  const run = async (sql: string, params: string[] | undefined, doing: string): Promise<Answer | Answer[]> => {
    if (connection.lost()) throw databaseError(connection.lost(), label, doing);
    try {
      return await client.query({ text: sql, values: params, rowMode: 'array', types: RAW_TEXT });
    } catch (err) {
      throw databaseError(err, label, doing);
    }
  };

  const session: SqlSession = {
    dialect: 'postgres',
    label,
    async exec(sql, params) {
      await run(sql, params, 'writing');
    },
    async query(sql, params): Promise<QueryResult> {
      const result = await run(sql, params, 'running a query');
      // A multi-statement query answers an array of results: the last one is the answer.
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      const fields = last?.fields ?? [];
      return {
        columns: fields.map((f) => ({ name: f.name, type: pgColumnType(f.dataTypeID) })),
        rows: (last?.rows ?? []).map((r) =>
          r.map((v, i) => (v === null ? null : fields[i].dataTypeID === 16 ? (v === 't' ? 'true' : 'false') : v)),
        ),
      };
    },
    async load(table: TableDef, files: StagedFile[]) {
      const sql = `COPY ${table.name} (${table.columns.map((c) => c.name).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
      for (const file of files) {
        try {
          await pipeline(createReadStream(file.path, { highWaterMark: COPY_CHUNK }), client.query(copyFrom(sql)));
        } catch (err) {
          throw databaseError(briefError(err), label, `loading ${table.name} from ${file.path}`);
        }
      }
    },
    async transaction(fn) {
      await session.exec('BEGIN');
      try {
        const value = await fn();
        await session.exec('COMMIT');
        return value;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.end().catch(() => undefined);
    },
  };
  return session;
}

/** PostgreSQL type OIDs → output column types (int2/4/8, oid; numeric, float4/8; bool). */
function pgColumnType(oid: number): ColumnType {
  if (oid === 20 || oid === 21 || oid === 23 || oid === 26) return 'int';
  if (oid === 1700 || oid === 700 || oid === 701) return 'decimal';
  if (oid === 16) return 'bool';
  return 'string';
}

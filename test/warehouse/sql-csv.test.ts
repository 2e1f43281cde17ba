// The CSV `masg sql` writes straight from DuckDB's vectors (-o csv, --out x.csv) must be byte for
// byte what the row path writes (every value through valueText, then the CSV encoder): checked
// chunk by chunk over every type and edge value, NULLs across chunk and mask-word boundaries.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCsvEncoder } from '../../src/output/format/csv.js';
import { csvChunk } from '../../src/warehouse/sql-duckdb-csv.js';
import { textColumns } from '../../src/warehouse/sql-duckdb-text.js';

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

/** Both encodings of every chunk of `sql`; returns the row count. */
async function compare(sql: string): Promise<number> {
  const result = await (await conn.prepare(sql)).stream();
  const names = result.columnNames();
  const types = names.map((_, i) => result.columnType(i) as unknown as { typeId: number; width?: number; scale?: number });
  const columns = types.map((t) => ({ typeId: t.typeId, width: t.width, scale: t.scale }));
  const encoder = createCsvEncoder(
    names.map((key) => ({ key, label: key, type: 'string' as const })),
    false,
  );
  let rows = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const batch = textColumns(chunk, names.length);
    const lines = Array.from({ length: batch.rows }, (_, r) => batch.columns.map((values) => values[r] ?? ''));
    expect(Buffer.from(csvChunk(chunk, columns)).toString('utf8')).toBe(encoder.rows(lines));
    rows += chunk.rowCount;
  }
  return rows;
}

const VALUES = `
  SELECT * FROM (VALUES
    ('', 0::BIGINT, 0::INTEGER, 0::HUGEINT, 0::DECIMAL(4,1), 0::DECIMAL(9,3), 0::DECIMAL(18,2), 0::DECIMAL(38,2), DATE '2024-02-29', true),
    ('a,b', -1, -2147483648, -1, -0.5, -0.005, -0.05, -0.05, DATE '0001-01-01', false),
    ('q"q', 2147483647, 2147483647, 18446744073709551616, 999.9, 999999.999, 9999999999999999.99, 999999999999999999999999999999999999.99, DATE 'infinity', NULL),
    (E'line\\nbreak', -2147483648, NULL, -18446744073709551616, -999.9, -999999.999, -9999999999999999.99, -999999999999999999999999999999999999.99, DATE '-infinity', true),
    (E'cr\\r', 2147483648, 1, 9007199254740991, 1, 1, 90071992547409.91, 90071992547409.91, DATE '1970-01-01', true),
    ('ünï', 9007199254740991, -1, -9007199254740991, -1, -1, -90071992547409.91, -90071992547409.91, NULL, false),
    ('twelve bytes', 9007199254740992, 42, 9007199254740992, 1.5, 1.5, 1.5, 1.5, DATE '2026-11-26', true),
    ('thirteen byte', -9007199254740992, 7, 4294967296, NULL, NULL, 0.01, 0.01, DATE '1999-12-31', false),
    ('a long value, with a comma and a "quote"', 9223372036854775807, 8, -4294967296, 0.1, 0.001, 0.99, 170141183460469231731687303715884105.27, DATE '2000-02-29', true),
    (NULL, -9223372036854775808, 9, 170141183460469231731687303715884105727, -0.1, -0.001, -0.99, -1.00, DATE '1900-03-01', false),
    ('😀 twelve', NULL, 10, NULL, 10.0, 10.000, 10.00, 10.00, DATE '9999-12-31', true),
    ('日本語テキスト', 4294967295, 11, 18446744073709551615, 100, 100, 100, 100, DATE '2026-01-01', false)
  ) t(s, big, i32, huge, d4, d9, d18, d38, day, yes)`;

describe('CSV from DuckDB vectors, against the row path', () => {
  it('every type the encoder writes itself, at its edges', async () => {
    expect(await compare(VALUES)).toBe(12);
  });

  it('types it leaves to the client (floats, timestamps, lists, structs…) unchanged', async () => {
    const sql = `SELECT 0.1::DOUBLE AS d, 1e21::DOUBLE AS e, 1.5::FLOAT AS f, TIMESTAMP '2024-01-02 03:04:05.678' AS ts,
      TIMESTAMPTZ '2024-01-02 03:04:05+00' AS tz, [1, 2] AS list, ['a,b', NULL] AS texts, {'k': 'v'} AS struct,
      -5::TINYINT AS tiny, -300::SMALLINT AS small, 18446744073709551615::UBIGINT AS ubig, 4294967295::UINTEGER AS uint,
      '11111111-2222-3333-4444-555555555555'::UUID AS id, INTERVAL 3 DAY AS gap, TIME '12:34:56' AS t, '\\x01'::BLOB AS b,
      12.5::DECIMAL(3,1) AS d3, NULL AS nothing`;
    expect(await compare(sql)).toBe(1);
  });

  it('many chunks, NULLs scattered over every mask word, and short strings next to long ones', async () => {
    const sql = `SELECT CASE WHEN i % 7 = 0 THEN NULL ELSE 'v' || i END AS s,
      CASE WHEN i % 33 = 0 THEN NULL WHEN i % 5 = 0 THEN repeat('x', (i % 40)::INTEGER) ELSE 'p-' || (i % 97) END AS mixed,
      CASE WHEN i % 64 = 63 THEN NULL ELSE i * 1000003 - 5000000000 END AS big,
      CASE WHEN i % 31 = 0 THEN NULL ELSE ((i - 5000) / 100)::DECIMAL(18,2) END AS money,
      CASE WHEN i % 3 = 0 THEN NULL ELSE DATE '2026-01-01' + (i % 90)::INTEGER END AS day,
      (i % 2 = 0) AS even, (i - 5000)::INTEGER AS n
      FROM range(10000) t(i)`;
    expect(await compare(sql)).toBe(10000);
  });

  it('more distinct dates than the date caches hold: the same bytes after each cache starts afresh', async () => {
    expect(await compare("SELECT DATE '1900-01-01' + i::INTEGER AS day FROM range(25000) t(i)")).toBe(25000);
  });
});

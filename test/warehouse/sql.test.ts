// masg sql on a DuckDB warehouse: every output format, --fields, --out, exact types, Parquet.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { duckPath, scalar, startWarehouseHarness } from './helpers.js';

let h: Harness;
let db: string;
beforeAll(async () => {
  h = await startWarehouseHarness();
  db = duckPath();
  expect((await h.masg(['sync', '--db', db, '--from', '-3d', '--to', '-2d', '--tz', 'America/New_York'])).code).toBe(0);
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

const Q =
  "SELECT 9007199254740993::BIGINT AS big, CAST('0.10' AS DECIMAL(18,2)) AS money, DATE '2024-02-29' AS day, true AS yes, 'a,\"b\"' AS text";

describe('masg sql', () => {
  it.each([
    ['csv', 'big,money,day,yes,text\n9007199254740993,0.10,2024-02-29,true,"a,""b"""\n'],
    ['tsv', 'big\tmoney\tday\tyes\ttext\n9007199254740993\t0.10\t2024-02-29\ttrue\ta,"b"\n'],
    [
      'json',
      '[\n  {\n    "big": "9007199254740993",\n    "money": "0.10",\n    "day": "2024-02-29",\n    "yes": true,\n    "text": "a,\\"b\\""\n  }\n]\n',
    ],
    ['ndjson', '{"big":"9007199254740993","money":"0.10","day":"2024-02-29","yes":true,"text":"a,\\"b\\""}\n'],
  ])('-o %s: BIGINT and DECIMAL exact, strings in JSON as every figure of masg (docs/output.md#json-types)', async (format, expected) => {
    const run = await h.masg(['sql', '--db', db, '-o', format, Q]);
    expect({ code: run.code, stderr: run.stderr, stdout: run.stdout }).toEqual({ code: 0, stderr: '', stdout: expected });
  });

  it('-o csv and -o tsv to stdout (the writer, from DuckDB text bytes) are byte for byte what COPY writes to --out', async () => {
    const sql =
      "SELECT * FROM (VALUES (1, '', NULL::VARCHAR, 'a,b', 'q\"x', 'line' || chr(10) || 'cr' || chr(13), 'tab' || chr(9) || 'back\\', " +
      "'a value longer than twelve bytes, ünïcödé', 1.5::DOUBLE, true, TIMESTAMP '2024-01-02 03:04:05', [1, 2]), " +
      "(2, 'x', 'y', '   ', '\"', NULL, NULL, NULL, NULL, NULL, NULL, NULL)) t(id, empty, absent, comma, quote, lf, tab, long, dbl, b, ts, list)";
    for (const format of ['csv', 'tsv']) {
      const file = join(tempDir('masg-sqlbytes-'), `r.${format}`);
      expect((await h.masg(['sql', '--db', db, '--out', file, sql])).code).toBe(0);
      const run = await h.masg(['sql', '--db', db, '-o', format, sql]);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(readFileSync(file, 'utf8'));
    }
    expect((await h.masg(['sql', '--db', db, '-o', 'csv', '--fields', 'empty,id', sql])).stdout).toBe('empty,id\n"",1\nx,2\n');
  });

  it('-o table on a terminal, and --fields picks and orders columns', async () => {
    const table = await h.masg(['sql', '--db', db, '-o', 'table', Q], { tty: true });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('9007199254740993');
    expect(table.stdout).toMatch(/big.*money.*day/);
    const picked = await h.masg(['sql', '--db', db, '-o', 'csv', '--fields', 'day,big', Q]);
    expect(picked.stdout).toBe('day,big\n2024-02-29,9007199254740993\n');
  });

  it('--out writes the file atomically, its format from the extension', async () => {
    const out = join(tempDir('masg-sqlout-'), 'result.json');
    const run = await h.masg(['sql', '--db', db, '--out', out, 'SELECT count(*) AS n FROM publications']);
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([{ n: '7' }]);
  });

  it('--out x.parquet: Parquet written by DuckDB, that DuckDB reads back; the COPY inside the statement is refused', async () => {
    const file = join(tempDir('masg-parquet-'), 'stats.parquet');
    const run = await h.masg(['sql', '--db', db, '--out', file, 'SELECT * FROM publisher_stats ORDER BY ALL']);
    expect(run.code).toBe(0);
    const count = await scalar(h, db, 'SELECT count(*) FROM publisher_stats');
    expect(run.stderr).toBe(`Wrote ${Number(count).toLocaleString('en-US')} rows to ${file}.\n`);
    // Reading a file beside the warehouse is --write's (external access is off without it).
    const back = await h.masg(['sql', '--db', db, '--write', '-o', 'csv', '--no-header', `SELECT count(*) FROM '${file}'`]);
    expect(back.stdout).toBe(`${count}\n`);
    const copy = join(tempDir('masg-parquet-'), 'copy.parquet');
    const refused = await h.masg(['sql', '--db', db, `COPY (SELECT 1) TO '${copy}' (FORMAT parquet)`]);
    expect(refused.code).toBe(2);
    expect(existsSync(copy)).toBe(false);
  });

  it('read-only unless --write', async () => {
    const refused = await h.masg(['sql', '--db', db, 'DELETE FROM publications']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/read-only/i);
    expect(refused.stderr).toContain('--write');
    expect(await scalar(h, db, 'SELECT count(*) FROM publications')).toBe('7');
    const view = await h.masg([
      'sql',
      '--db',
      db,
      '--write',
      'CREATE VIEW earnings_by_day AS SELECT date, sum(earnings) AS earnings FROM publisher_stats GROUP BY date',
    ]);
    expect(view.code).toBe(0);
    expect(await scalar(h, db, 'SELECT count(*) FROM earnings_by_day')).toBe('2');
  });

  it('refusals: an empty query, a missing database, an unknown table, --out as a table', async () => {
    expect((await h.masg(['sql', '--db', db, ' '])).code).toBe(2);
    const missing = await h.masg(['sql', '--db', join(tempDir('masg-none-'), 'none.duckdb'), 'SELECT 1']);
    expect(missing.code).toBe(7);
    expect(missing.stderr).toMatch(/no warehouse at|Cannot open the warehouse/);
    const unknown = await h.masg(['sql', '--db', db, 'SELECT * FROM nowhere']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('The query failed: Catalog Error');
    expect((await h.masg(['sql', '--db', db, '-o', 'table', '--out', join(tempDir('masg-x-'), 'a.txt'), 'SELECT 1'])).code).toBe(2);
  });
});

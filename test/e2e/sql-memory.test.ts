// masg sql streams a large result whole: 2,000,000 rows to stdout or to --out, in csv (written by
// DuckDB's COPY) and ndjson (masg's writer), every row there. The memory and time figures are
// bench/sql.js's (docs/performance.md); this test asserts none.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { measureMasg, MEMORY_SKIP, ROWS } from '../warehouse/sql-memory.js';

const QUERY =
  "SELECT DATE '2026-01-01' + (i % 90)::INTEGER AS date, 'pub-' || (i % 5000) AS publication_id, 'slot-' || (i % 20000) AS adslot_id, " +
  "['US', 'FR', 'DE', 'JP'][(i % 4) + 1] AS country, i AS requests, i % 700 AS clicks, ((i % 100000) / 100)::DECIMAL(18,2) AS earnings " +
  `FROM range(${ROWS}) t(i)`;

let db: string;
beforeAll(async () => {
  // An empty DuckDB warehouse file: the rows come from the query itself.
  const { DuckDBInstance } = await import('@duckdb/node-api');
  db = join(tempDir('masg-sqlmem-'), 'stats.duckdb');
  (await DuckDBInstance.create(db)).closeSync();
});
afterAll(() => removeTempDirs());

/** Line count without holding the file as one string. */
function lines(file: string): number {
  const bytes = readFileSync(file);
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

describe.skipIf(MEMORY_SKIP !== undefined)(`masg sql streams ${ROWS} rows whole${MEMORY_SKIP ? ` (skipped: ${MEMORY_SKIP})` : ''}`, () => {
  it.each([
    ['-o csv to stdout', ['-o', 'csv'], 'out.csv', false],
    ['--out FILE.csv', [], 'out.csv', true],
    ['-o ndjson to stdout', ['-o', 'ndjson'], 'out.ndjson', false],
  ])(
    '%s: every row written',
    (_name, flags, name, toOut) => {
      const file = join(tempDir('masg-sqlmem-out-'), name);
      const args = ['sql', '--db', db, ...flags, ...(toOut ? ['--out', file] : []), QUERY];
      const run = toOut ? measureMasg(args) : measureMasg(args, file);
      expect(run.stderr).toBe(toOut ? `Wrote ${ROWS.toLocaleString('en-US')} rows to ${file}.\n` : '');
      expect(run.status).toBe(0);
      expect(lines(file)).toBe(name.endsWith('.csv') ? ROWS + 1 : ROWS);
      expect(statSync(file).size).toBeGreaterThan((100 * ROWS) / 2);
    },
    300_000,
  );
});

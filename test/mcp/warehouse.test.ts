// The warehouse tools: offered only when a warehouse is configured, read through `masg sql`'s
// read-only reader, and every write or read of a file outside the warehouse refused by DuckDB's
// own settings (READ_ONLY, external access off, configuration locked), not by a text filter.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { duckPath, scalar, startWarehouseHarness } from '../warehouse/helpers.js';
import { connectMcp, READ_TOOLS, structured, textOf, WAREHOUSE_TOOLS, type McpRun } from './helpers.js';

const TZ = 'America/New_York';
let h: Harness;
let db: string;
let mcp: McpRun;
const outside = join(tempDir('masg-mcp-out-'), 'copied.csv');

beforeAll(async () => {
  h = await startWarehouseHarness();
  db = duckPath();
  expect((await h.masg(['sync', '--db', db, '--from', '-4d', '--to', '-2d', '--tz', TZ])).code).toBe(0);
  mcp = await connectMcp(['mcp', '--db', db], { env: { ...h.env, MASG_TIMEZONE: TZ } });
});

afterAll(async () => {
  await mcp?.close();
  await h?.close();
  removeTempDirs();
});

const query = (sql: string, limit?: number) =>
  mcp.client.callTool({ name: 'warehouse_query', arguments: { sql, ...(limit && { limit }) } });

describe('masg mcp with a warehouse', () => {
  it('offers the warehouse tools only when one is configured', async () => {
    expect((await mcp.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WAREHOUSE_TOOLS].sort());
    const none = await connectMcp(['mcp'], { env: { ...h.env, XDG_DATA_HOME: tempDir('masg-mcp-xdg-') } });
    try {
      expect((await none.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    } finally {
      await none.close();
    }
  });

  it('warehouse_status is `masg sync --status`: the same rows, per account and grain', async () => {
    type Status = { accounts: Array<Record<string, string>> };
    const s = structured<Status>(await mcp.client.callTool({ name: 'warehouse_status', arguments: {} }));
    const cli = JSON.parse((await h.masg(['sync', '--status', '--db', db, '-o', 'json'])).stdout) as Array<Record<string, string>>;
    expect(s.accounts).toEqual(cli);
    const day = s.accounts.find((g) => g.grain === 'day')!;
    expect(day).toMatchObject({ timezone: TZ, days: '3' });
  });

  it('answers a SELECT with the figures `masg sql` gives', async () => {
    const sql = 'SELECT sum(earnings) AS earnings FROM publisher_stats';
    const r = structured<{ rows: Array<Record<string, string>>; total: number }>(await query(sql));
    expect(r.rows[0].earnings).toBe(await scalar(h, db, sql));
    expect(r.total).toBe(1);
  });

  it('caps the rows, counts the rest and says how to narrow', async () => {
    const r = structured<{ rows: unknown[]; total: number; returned: number; cut: { omittedRows: number; how: string } }>(
      await query('SELECT * FROM range(1000)', 10),
    );
    expect(r).toMatchObject({ total: 1000, returned: 10, cut: { omittedRows: 990 } });
    expect(r.rows).toHaveLength(10);
    expect(r.cut.how).toMatch(/GROUP BY|LIMIT/);
    const most = structured<{ returned: number }>(await query('SELECT * FROM range(1000)', 200));
    expect(most.returned).toBe(200);
  });

  // Each must be refused by the database itself; the file must not appear, /etc/passwd not be read.
  const REFUSED: Array<[what: string, sql: string]> = [
    ['insert', "INSERT INTO masg_sync_meta VALUES ('x', 'y')"],
    ['update', "UPDATE masg_sync_meta SET value = 'x'"],
    ['delete', 'DELETE FROM publisher_stats'],
    ['create table', 'CREATE TABLE t AS SELECT 1'],
    ['drop table', 'DROP TABLE publisher_stats'],
    ['copy to a file', `COPY (SELECT 1) TO '${outside}'`],
    ['copy from a file', "COPY masg_sync_meta FROM '/etc/passwd'"],
    ['read_text', "SELECT * FROM read_text('/etc/passwd')"],
    ['read_csv', "SELECT * FROM read_csv('/etc/passwd')"],
    ['read_blob', "SELECT * FROM read_blob('/etc/hostname')"],
    ['glob', "SELECT * FROM glob('/etc/*')"],
    ['attach', `ATTACH '${join(tempDir('masg-mcp-att-'), 'other.duckdb')}' AS other`],
    ['install', 'INSTALL httpfs'],
    ['re-enable external access', 'SET enable_external_access = true'],
    ['leave read-only', "SET access_mode = 'READ_WRITE'"],
  ];

  it.each(REFUSED)("refuses %s, with advice in the tool's terms", async (_what, sql) => {
    const r = await query(sql);
    expect(r.isError).toBe(true);
    expect(textOf(r)).not.toMatch(/root:/);
    expect(textOf(r)).not.toMatch(/\n\s+at /);
    // An agent cannot add a CLI flag: no --write, no --out FILE, no "masg sql".
    expect(textOf(r)).not.toMatch(/--write|--out\b|masg sql/);
    if (/Parameter:/.test(textOf(r))) expect(textOf(r)).toContain('Parameter: sql.');
  });

  it("names masg sql's words as the tool's, in the message and the hint alike", async () => {
    const r = await query('SELECT 1; SELECT 2');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'Invalid input.\nThe query holds 2 statements; warehouse_query runs one at a time.\nParameter: sql.\n' +
        'Run each statement with its own warehouse_query.',
    );
  });

  it('cuts a huge value and a huge result in bytes as well as rows, says what was cut, and the next call works', async () => {
    type Cut = {
      rows: Array<Record<string, string>>;
      returned: number;
      total: number;
      cut: { omittedRows: number; cutValues: number; how: string };
    };
    const huge = await query("SELECT repeat('x', 50000000) AS v, 1 AS n");
    const one = structured<Cut>(huge);
    expect(JSON.stringify(huge).length).toBeLessThan(100_000);
    expect(one.cut).toMatchObject({ omittedRows: 0, cutValues: 1 });
    expect(one.rows[0].v).toMatch(/^x{4000}… \[cut: 49996000 more characters\]$/);
    expect(one.rows[0].n).toBe('1');
    expect(textOf(huge)).toMatch(/Cut: 1 values were longer than 4000 characters/);
    const wide = await query("SELECT repeat('y', 100000) AS v FROM range(200)", 200);
    const many = structured<Cut>(wide);
    expect(JSON.stringify(wide).length).toBeLessThan(1_000_000);
    expect(many.total).toBe(200);
    expect(many.returned).toBeLessThan(200);
    expect(many.cut.omittedRows).toBe(200 - many.returned);
    expect(many.cut.cutValues).toBe(many.returned);
    expect(many.cut.how).toMatch(/rows left out/);
    expect(structured<{ rows: unknown[] }>(await query('SELECT 42 AS answer')).rows).toEqual([{ answer: '42' }]);
  });

  it('stops waiting for a statement after --query-timeout, and says how to narrow it', async () => {
    const impatient = await connectMcp(['mcp', '--db', db, '--query-timeout', '1'], { env: h.env });
    try {
      const r = await impatient.client.callTool({
        name: 'warehouse_query',
        arguments: { sql: 'SELECT sum(a.range * b.range) FROM range(20000) a, range(20000) b' },
      });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain('The statement ran longer than 1 s and was stopped.');
      expect(textOf(r)).toMatch(/Narrow it/);
    } finally {
      await impatient.close();
    }
  });

  it('left the warehouse and the file system as they were', async () => {
    expect(existsSync(outside)).toBe(false);
    expect(await scalar(h, db, "SELECT count(*) FROM masg_sync_meta WHERE key = 'x'")).toBe('0');
    expect(Number(await scalar(h, db, 'SELECT count(*) FROM publisher_stats'))).toBeGreaterThan(0);
  });
});

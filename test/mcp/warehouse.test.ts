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

  it('warehouse_status says the account, the zone and the days held, and which are final', async () => {
    type Status = { meta: Record<string, string>; grains: Array<Record<string, string>> };
    const s = structured<Status>(await mcp.client.callTool({ name: 'warehouse_status', arguments: {} }));
    expect(Object.values(s.meta)).toContain(TZ);
    const day = s.grains.find((g) => g.grain === 'day')!;
    expect(day).toMatchObject({ days: '3', final_days: '3' });
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

  it.each(REFUSED)('refuses %s', async (_what, sql) => {
    const r = await query(sql);
    expect(r.isError).toBe(true);
    expect(textOf(r)).not.toMatch(/root:/);
    expect(textOf(r)).not.toMatch(/\n\s+at /);
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

// The built `masg mcp` as an agent's host runs it: a child process spoken to over its stdin and
// stdout by the SDK's own StdioClientTransport. On the embedded sandbox (--sandbox), then on a
// real PostgreSQL warehouse, where the statement timeout and the refusals are the server's own.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { BIN } from '../helpers/binary.js';
import { startWarehouseHarness } from '../warehouse/helpers.js';
import { READ_TOOLS, WAREHOUSE_TOOLS, structured, textOf } from '../mcp/helpers.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

interface Spawned {
  client: Client;
  stderr(): string;
  transport: StdioClientTransport;
}

async function spawnMcp(args: string[], env: Record<string, string>): Promise<Spawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const client = new Client({ name: 'masg-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

afterAll(() => removeTempDirs());

describe('masg --sandbox mcp, spawned', () => {
  let s: Spawned;
  beforeAll(async () => {
    s = await spawnMcp(['--sandbox', 'mcp'], { MASG_CONFIG_DIR: tempDir('masg-mcp-e2e-') });
  });

  it('lists the read tools and answers "how did yesterday go" with days and zone', async () => {
    expect((await s.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    const accounts = structured<{ accounts: Array<{ name: string; timezone: string }> }>(
      await s.client.callTool({ name: 'list_accounts', arguments: {} }),
    );
    expect(accounts.accounts).toHaveLength(1);
    const stats = await s.client.callTool({ name: 'publisher_stats', arguments: { date: 'yesterday' } });
    const r = structured<{ zone: string; days: { from: string }; totals: { earnings: string } }>(stats);
    expect(r.zone).toBe(accounts.accounts[0].timezone);
    expect(r.totals.earnings).toMatch(/^\d+\.\d\d$/);
    expect(textOf(stats)).toContain(`${r.days.from} (${r.zone})`);
    const pulse = structured<{ date: string }>(await s.client.callTool({ name: 'pulse', arguments: {} }));
    expect(pulse.date).toBe(r.days.from);
  });

  it('ends when the client closes, having written nothing but the protocol on stdout', async () => {
    const exited = new Promise<number | null>((resolve) => {
      const pid = s.transport.pid;
      expect(pid).toBeTypeOf('number');
      const poll = setInterval(() => {
        try {
          process.kill(pid!, 0);
        } catch {
          clearInterval(poll);
          resolve(0);
        }
      }, 50);
    });
    await s.client.close();
    await exited;
    expect(s.stderr()).not.toMatch(/error|internal/i);
  });
});

// The MCP Inspector's CLI needs Node 22.19 or later (its engines field); it is fetched by npx at
// the pinned version, as a user would run it.
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const [major, minor] = process.versions.node.split('.').map(Number);
const INSPECTOR_SKIP =
  major > 22 || (major === 22 && minor >= 19) ? undefined : `Node ${process.versions.node}; the Inspector needs 22.19+`;

describe.skipIf(INSPECTOR_SKIP !== undefined)(`the MCP Inspector's CLI${INSPECTOR_SKIP ? ` (skipped: ${INSPECTOR_SKIP})` : ''}`, () => {
  it('lists the tools of the built masg mcp', () => {
    const run = spawnSync('npx', ['-y', INSPECTOR, '--cli', process.execPath, BIN, '--sandbox', 'mcp', '--method', 'tools/list'], {
      env: { ...process.env, MASG_CONFIG_DIR: tempDir('masg-mcp-inspector-') },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const listed = (JSON.parse(run.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(listed.sort()).toEqual([...READ_TOOLS].sort());
  });
});

type Pg = { createDatabase(): Promise<string>; stop(): Promise<void> };

describe.skipIf(POSTGRES_SKIP !== undefined)(
  `masg mcp on a PostgreSQL warehouse${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`,
  () => {
    let h: Harness;
    let pg: Pg;
    let s: Spawned;
    let password: string;
    let superuser: string;
    let readerUrl: string;
    beforeAll(async () => {
      [h, pg] = await Promise.all([startWarehouseHarness(), startPostgres()]);
      const url = await pg.createDatabase();
      expect((await h.masg(['sync', '--db', url, '--from', '-3d', '--to', '-2d', '--tz', 'America/New_York'])).code).toBe(0);
      superuser = url;
      // The role docs/mcp.md asks for: it may read the warehouse's tables, nothing else.
      password = 'reader-Pw-4mcp';
      const grant = [`CREATE ROLE masg_reader LOGIN PASSWORD '${password}'`, 'GRANT SELECT ON ALL TABLES IN SCHEMA public TO masg_reader'];
      for (const sql of grant) expect((await h.masg(['sql', '--write', '--db', url, sql])).code).toBe(0);
      const reader = new URL(url);
      reader.username = 'masg_reader';
      reader.password = password;
      readerUrl = reader.toString();
      s = await spawnMcp(['mcp', '--db', reader.toString(), '--query-timeout', '1'], { ...h.env, MASG_TIMEZONE: 'America/New_York' });
    });
    afterAll(async () => {
      await s?.client.close();
      await pg?.stop();
      await h?.close();
    });

    it('offers the warehouse tools and reads the warehouse', async () => {
      expect((await s.client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(WAREHOUSE_TOOLS));
      const r = structured<{ rows: Array<Record<string, string>> }>(
        await s.client.callTool({ name: 'warehouse_query', arguments: { sql: 'SELECT count(*) AS n FROM publisher_stats' } }),
      );
      expect(Number(r.rows[0].n)).toBeGreaterThan(0);
    });

    it('will not query as a role that can read or write server files', async () => {
      const su = await spawnMcp(['mcp', '--db', superuser], h.env);
      try {
        const r = await su.client.callTool({ name: 'warehouse_query', arguments: { sql: 'SELECT 1' } });
        expect(r.isError).toBe(true);
        // masg's own check, or masg sql's (which names every side door of the role): either refuses.
        expect(textOf(r)).toMatch(/can read or write the server's files|will not run a read-only query/);
      } finally {
        await su.client.close();
      }
    });

    it('stops a statement at the timeout: PostgreSQL itself cancels it, and it is said as a timeout', async () => {
      const r = await s.client.callTool({ name: 'warehouse_query', arguments: { sql: 'SELECT pg_sleep(5)' } });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^Timed out\.\nThe statement ran longer than 1 s and was stopped\./);
      expect(textOf(r)).not.toMatch(/Local file or database failure/);
    });

    it('answers COPY … TO STDOUT with a tool error, and the next call works (the server lives on)', async () => {
      for (const sql of ['COPY (SELECT 1) TO STDOUT', 'COPY publisher_stats TO STDOUT']) {
        const r = await s.client.callTool({ name: 'warehouse_query', arguments: { sql } });
        expect(r.isError, sql).toBe(true);
        expect(textOf(r)).toMatch(/COPY … TO STDOUT or FROM STDIN is not a query/);
        expect(textOf(r)).toContain('Parameter: sql.');
      }
      const next = structured<{ rows: Array<Record<string, string>> }>(
        await s.client.callTool({ name: 'warehouse_query', arguments: { sql: 'SELECT 2 AS n' } }),
      );
      expect(next.rows).toEqual([{ n: '2' }]);
      expect(s.stderr()).not.toMatch(/handleCopyData|TypeError/);
    });

    it('masg sql refuses COPY … TO STDOUT with exit 2 and a message, no stack trace', async () => {
      for (const format of ['csv', 'json']) {
        const run = await h.masg(['sql', '--db', readerUrl, 'COPY (SELECT 1) TO STDOUT', '-o', format]);
        expect(run.code, format).toBe(2);
        expect(run.stderr).toMatch(/COPY … TO STDOUT or FROM STDIN is not a query masg sql can read rows from/);
        expect(run.stderr).not.toMatch(/\n\s+at |handleCopyData/);
      }
    });

    it.each([
      ['insert', "INSERT INTO masg_sync_meta VALUES ('x', 'y')"],
      ['read a server file', "SELECT pg_read_file('/etc/passwd')"],
      ['copy to a file', "COPY (SELECT 1) TO '/tmp/masg-mcp-e2e.csv'"],
      ['leave read-only', 'SET TRANSACTION READ WRITE'],
    ])('refuses to %s', async (_what, sql) => {
      const r = await s.client.callTool({ name: 'warehouse_query', arguments: { sql } });
      expect(r.isError).toBe(true);
      expect(textOf(r)).not.toContain(password);
      expect(textOf(r)).not.toMatch(/root:/);
    });
  },
);

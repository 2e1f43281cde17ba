// The warehouse tools over a warehouse of several accounts, and which warehouse they read.
// warehouse_status is `masg sync --status` row for row (3 accounts of 11 days each: three rows of
// 11 days, not one of 33; "final" only where --status says so). `masg --sandbox mcp` reads the
// sandbox's own warehouse, as `masg --sandbox sql` does, whatever MASG_DB says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { pinnedRange, startAccounts, type Accounts } from '../warehouse/accounts.js';
import { duckPath } from '../warehouse/helpers.js';
import { connectMcp, structured, textOf } from './helpers.js';

let a: Accounts;
let db: string;
const env = () => ({
  ...a.h.env,
  MASG_CONFIG_DIR: a.configDir,
  MASG_KEYRING: '0',
  MASG_EMAIL: '',
  MASG_DEVELOPER_KEY: '',
  MASG_BASE_URL: '',
});

beforeAll(async () => {
  a = await startAccounts();
  db = duckPath();
  const sync = await a.masg(['--profile', 'kiri,la,berlin', '-q', 'sync', '--db', db, ...pinnedRange(11, 1)]);
  expect({ code: sync.code, stderr: sync.stderr }).toEqual({ code: 0, stderr: '' });
}, 60_000);

afterAll(async () => {
  await a?.h.close();
  removeTempDirs();
});

describe('warehouse_status over several accounts', () => {
  it('is `masg sync --status -o json`, one row per account and grain, each naming its account', async () => {
    const mcp = await connectMcp(['--profile', 'kiri', 'mcp', '--db', db], { env: env() });
    try {
      const result = await mcp.client.callTool({ name: 'warehouse_status', arguments: {} });
      const rows = structured<{ accounts: Array<Record<string, string | null>> }>(result).accounts;
      const cli = JSON.parse((await a.masg(['sync', '--status', '--db', db, '-o', 'json'])).stdout) as unknown[];
      expect(rows).toEqual(cli);
      const days = rows.filter((r) => r.grain === 'day');
      expect(days.map((r) => r.account).sort()).toEqual([a.email.berlin, a.email.kiri, a.email.la].sort());
      for (const r of days) expect(r.days).toBe('11');
      const text = textOf(result);
      for (const name of ['kiri', 'la', 'berlin']) expect(text).toContain(a.email[name]);
      expect(text).not.toMatch(/33 days/);
      // Each account's days said once, on its own line.
      for (const r of days) expect(text.split('\n').filter((l) => l.includes(`${r.account} (`) && l.includes(', day:'))).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  }, 30_000);
});

describe('which warehouse `masg --sandbox mcp` reads', () => {
  it("the sandbox's own, as `masg --sandbox sql`, even with MASG_DB naming another", async () => {
    const dir = tempDir('masg-sandbox-wh-');
    const sandboxEnv = { MASG_CONFIG_DIR: dir, MASG_DB: db, HOME: '/nonexistent' };
    const synced = await a.masg(['--sandbox', '-q', 'sync', ...pinnedRange(3, 2)], { env: sandboxEnv });
    expect(synced.code, synced.stderr).toBe(0);
    const sql = 'SELECT count(DISTINCT account) AS accounts, count(*) AS rows FROM publisher_stats';
    const cli = JSON.parse((await a.masg(['--sandbox', 'sql', sql, '-o', 'json'], { env: sandboxEnv })).stdout) as unknown[];
    const mcp = await connectMcp(['--sandbox', 'mcp'], { env: sandboxEnv });
    try {
      const r = structured<{ database: string; rows: unknown[] }>(
        await mcp.client.callTool({ name: 'warehouse_query', arguments: { sql } }),
      );
      expect(r.rows).toEqual(cli);
      expect(r.database).toContain(dir);
      expect(r.rows).toEqual([{ accounts: '1', rows: expect.any(String) }]);
    } finally {
      await mcp.close();
    }
  }, 30_000);
});

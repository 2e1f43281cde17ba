// `--sandbox` names one warehouse in every command: what `masg --sandbox sync` writes is what
// `masg --sandbox sql` and `masg --sandbox pulse --db` read, never the default nor MASG_DB.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './harness.js';
import { runCli } from '../helpers/cli.js';

afterAll(removeTempDirs);

function sandboxEnv() {
  const config = tempDir('masg-sbwh-cfg-');
  const data = tempDir('masg-sbwh-data-');
  const cron = join(tempDir('masg-sbwh-'), 'real.duckdb');
  return { config, data, cron, env: { MASG_CONFIG_DIR: config, XDG_DATA_HOME: data, MASG_DB: cron } };
}

describe('--sandbox: one warehouse for sync, sql and pulse', () => {
  it('before any sync, sql says to run `masg --sandbox sync` (exit 7), naming the sandbox warehouse', async () => {
    const { config, env } = sandboxEnv();
    const run = await runCli(['--sandbox', 'sql', 'SELECT 1'], { env });
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(join(config, 'sandbox', 'stats.duckdb'));
    expect(run.stderr).toContain('masg --sandbox sync');
  });

  it('sql and pulse --db read what `masg --sandbox sync` wrote', async () => {
    const { data, cron, env } = sandboxEnv();
    const sync = await runCli(['--sandbox', 'sync', '--from', '-9d', '--to', 'yesterday'], { env });
    expect(sync.code).toBe(0);
    const sql = await runCli(['--sandbox', 'sql', '-o', 'csv', '--no-header', 'SELECT count(DISTINCT date) FROM publisher_stats'], { env });
    expect(sql.stderr).toBe('');
    expect(sql.code).toBe(0);
    expect(Number(sql.stdout.trim())).toBe(9);

    const pulse = await runCli(['--sandbox', 'pulse', '--db', '-o', 'json'], { env });
    expect([0, 9]).toContain(pulse.code);
    // Read from the warehouse: no notice that it was missing or short and the service was read instead.
    expect(pulse.stderr).not.toContain('reading the service');
    expect(JSON.parse(pulse.stdout).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(existsSync(join(data, 'masg', 'stats.duckdb'))).toBe(false);
    expect(existsSync(cron)).toBe(false);
  });
});

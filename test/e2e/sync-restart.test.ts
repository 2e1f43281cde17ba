// `masg sync` of the real binary re-runs itself once under a smaller young generation (a V8 size
// read only at start: src/core/restart.ts), where Node can replace a process (22.15 and later).
// Watched from outside through /proc: the same PID carries the flag, the command ends once, exit 0.
// The sandbox answers slowly so that the child is caught while it runs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';

const BIN = fileURLToPath(new URL('../../bin/masg.js', import.meta.url));
const canRestart = typeof (process as { execve?: unknown }).execve === 'function';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.sandbox.setFaults({ latencyMs: 150 });
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe.skipIf(process.platform !== 'linux')('masg sync under the real binary', () => {
  it(
    canRestart ? 'runs as the same process with --max-semi-space-size=8' : 'runs with Node’s defaults (no process.execve)',
    async () => {
      const db = join(tempDir('masg-restart-'), 'stats.duckdb');
      const child = spawn(process.execPath, [BIN, 'sync', '--db', db, '--from', '-3d', '--to', '-2d', '--tz', 'America/New_York'], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('masg-home-'), NO_COLOR: '1', ...h.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const seen = new Set<string>();
      const watch = setInterval(() => {
        try {
          seen.add(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ').trim());
        } catch {
          // Gone already: the exit code says the rest.
        }
      }, 5);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearInterval(watch);

      expect(code).toBe(0);
      expect(stderr.match(/^masg sync: /gm)).toHaveLength(1);
      const flagged = [...seen].filter((line) => line.includes('--max-semi-space-size=8'));
      if (canRestart) expect(flagged.length).toBeGreaterThan(0);
      else expect(flagged).toEqual([]);
    },
    60_000,
  );
});

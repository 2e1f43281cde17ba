// Ctrl-C: in-flight work stops, temporary files go, exit 130, and the process does not linger.
// The real thing is a spawned bin/masg.cjs sent a real SIGINT in the middle of a slow export (it
// runs the built dist/, which `npm test` compiles first); the in-process tests cover waits.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';

const BUILT = existsSync(new URL('../../dist/cli.js', import.meta.url));

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.mark();
  dir = mkdtempSync(join(tmpdir(), 'masg-int-'));
});
afterEach(() => {
  h.sandbox.setFaults(undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function until(what: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!what()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const temporaries = () => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe.skipIf(!BUILT)('a real SIGINT to bin/masg.cjs', () => {
  it('mid-export: exit 130 at once, no temporary file, the previous file intact, no more requests', async () => {
    const out = join(dir, 'daily.csv');
    writeFileSync(out, 'previous,export\n1,2\n');
    // 24 hourly requests, 400 ms each, two at a time: about 5 s of work to interrupt.
    h.sandbox.setFaults({ latencyMs: 400, path: '/statistics' });
    const run = spawnMasg(
      ['pub', 'stats', '--interval', 'hour', '--concurrency', '2', '--date', '2024-06-14', '--tz', 'UTC', '--out', out],
      {
        env: { HOME: dir, ...h.env, MASG_CONFIG_DIR: dir },
      },
    );
    // Mid-export: requests have gone out and the temporary file exists.
    await until(() => h.sent().length >= 2 && temporaries().length === 1);
    run.child.kill('SIGINT');
    const { code, signal } = await run.ended;
    const stderr = run.stderr();

    // "At once" is counted, not timed: the export stopped with requests still to send.
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(stderr).toMatch(/[Ii]nterrupted/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(temporaries()).toEqual([]);
    expect(readFileSync(out, 'utf8')).toBe('previous,export\n1,2\n');
    const sentAtExit = h.sent().length;
    expect(sentAtExit).toBeLessThan(24);
    await new Promise((r) => setTimeout(r, 600));
    expect(h.sent().length).toBe(sentAtExit);
  });

  it('while waiting to retry (Retry-After): exit 130 without sitting out the wait', async () => {
    h.sandbox.setFaults({ next: ['429'], retryAfter: 20 });
    // --debug says when the wait begins (piped, no notice would): the signal comes inside it.
    const run = spawnMasg(['adv', 'list', '-o', 'csv', '--debug'], { env: { HOME: dir, ...h.env, MASG_CONFIG_DIR: dir } });
    await until(() => run.stderr().includes('Retrying in 20 s'));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    // Sitting out the 20 s would have sent the retry: one request means the wait was cut short.
    expect(h.sent()).toHaveLength(1);
  });
});

describe('interruption in-process (the signal masg is given)', () => {
  it('during a backoff wait: InterruptedError, exit 130, no second attempt', async () => {
    h.sandbox.setFaults({ next: ['429'], retryAfter: 20 });
    const controller = new AbortController();
    const pending = h.masg(['adv', 'list', '-o', 'csv'], { signal: controller.signal });
    await until(() => h.sent().length === 1);
    controller.abort();
    const run = await pending;
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('');
    // Sitting out the wait would have sent the retry.
    expect(h.sent()).toHaveLength(1);
  });

  it('a create in flight is not re-sent, and the exit is 130', async () => {
    h.sandbox.setFaults({ latencyMs: 2000, path: '/publication/create' });
    const controller = new AbortController();
    const pending = h.masg(
      ['pub', 'create', '--name', 'Interrupted create', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'false'],
      { signal: controller.signal },
    );
    await until(() => h.sent().length === 1);
    controller.abort();
    const run = await pending;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/Interrupted\. Whether the publication was created is UNKNOWN/);
    expect(run.stderr).toContain('Check with `masg pub list`');
    expect(h.sent().filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

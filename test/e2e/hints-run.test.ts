// Every command a hint offers runs as pasted: the hint is extracted from the real binary's
// stderr and run by a real shell, with `masg` on PATH, as a new user would paste it. A real shell
// and the built binary (a sync into DuckDB among them): the slow tier (vitest.tiers.ts).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';
import { BIN } from '../helpers/binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let h: Harness;
let pathDir: string;
beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/cli.js is missing: run `npx tsc -p tsconfig.json` first');
  h = await startHarness({ now: () => new Date() });
  pathDir = tempDir('masg-path-');
  writeFileSync(join(pathDir, 'masg'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(pathDir, 'masg'), 0o755);
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function sh(script: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', script], { cwd: tempDir('masg-cwd-'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function freshEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: `${pathDir}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: tempDir('masg-home-'), ...extra };
}

/** The commands a message offers in backticks, `masg …` or a pipe into masg. */
function offered(stderr: string): string[] {
  return [...stderr.matchAll(/`([^`]*\bmasg [^`]*)`/g)].map((m) => m[1]);
}

describe('hints run as pasted', () => {
  it('a non-interactive login without the key: the offered command logs in, every flag given kept', async () => {
    const env = freshEnv({ MASG_DEVELOPER_KEY: h.sandbox.demo.key });
    const failed = await sh(
      `masg --profile ci3 --base-url ${h.sandbox.url} login --email ${h.sandbox.demo.email} --timezone America/New_York`,
      env,
    );
    expect(failed.code).toBe(3);
    const [hint] = offered(failed.stderr);
    expect(hint).toContain('--key-stdin');
    expect(hint).not.toContain(h.sandbox.demo.key);
    const pasted = await sh(hint!, env);
    expect(pasted.stderr).toContain('Logged in as');
    expect(pasted.code).toBe(0);
    const who = await sh('masg --profile ci3 whoami -o json', { PATH: env.PATH!, HOME: env.HOME! });
    expect(JSON.parse(who.stdout)).toMatchObject({ email: h.sandbox.demo.email, timezone: 'America/New_York' });
  });

  it('`masg --sandbox sql` before any sync: the offered sync makes the same query work', async () => {
    const env = freshEnv();
    const failed = await sh(`masg --sandbox sql "SELECT count(*) FROM publisher_stats"`, env);
    expect(failed.code).toBe(7);
    const [hint] = offered(failed.stderr);
    expect(hint).toBe('masg --sandbox sync');
    expect((await sh(hint!, env)).code).toBe(0);
    expect((await sh(`masg --sandbox sql "SELECT count(*) FROM publisher_stats"`, env)).code).toBe(0);
  });

  it('hints with a value to fill use a placeholder the shell does not take for a redirection', async () => {
    const env = freshEnv({ MASG_BASE_URL: h.sandbox.url, MASG_EMAIL: h.sandbox.demo.email, MASG_DEVELOPER_KEY: h.sandbox.demo.key });
    const failed = await sh('masg pub stats --date yesterday', env);
    expect(failed.code).toBe(3);
    const hints = offered(failed.stderr);
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) expect(hint).not.toMatch(/[<>]/);
  });
});

// "Nothing is lost" under concurrent invocations, forced for real: crowds of the built binary
// (bin/masg.cjs) started at once on one MASG_CONFIG_DIR — logins for different profiles,
// `--sandbox` creates and updates over one sandbox state file, completion-cache writers — and
// a lock left behind by a process killed with SIGKILL. Every acknowledged change must be there
// afterwards; before the file lock (src/core/file-lock.ts) each of these lost writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { limit } from '../helpers/time-limits.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

beforeAll(() => {
  if (!existsSync(join(DIST, 'cli.js'))) throw new Error('dist/ is missing: `npm run stress` builds first');
});
afterAll(() => removeTempDirs());

/** Only PATH, a fresh HOME, the config dir under test, and no keyring (keys go to the file). */
function envFor(configDir: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir('masg-home-'), MASG_CONFIG_DIR: configDir, MASG_KEYRING: '0' };
}

function finished(child: ChildProcess): Promise<Run> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function masg(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  const run = spawnMasg(args, { cwd: ROOT, env, input: stdin });
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** A Node child running `body` with argv[1..] as `args` (ESM, top-level await). */
function node(body: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', `const args = process.argv.slice(1);\n${body}`, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const json = (run: Run) => {
  expect(run, run.stderr).toMatchObject({ code: 0 });
  return JSON.parse(run.stdout);
};

/** Nothing but the data files is left: no lock folder, no temp file. */
function leftovers(folder: string): string[] {
  return readdirSync(folder).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp'));
}

describe('20 parallel `masg login` for different profiles', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => sandbox.close());

  it('leave 20 profiles, each with its own credentials and time zone', async () => {
    const dir = tempDir('masg-cfg-');
    const env = envFor(dir);
    const zones = [
      'UTC',
      'Europe/Paris',
      'Europe/Berlin',
      'Europe/Madrid',
      'Europe/Rome',
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Sao_Paulo',
      'Asia/Tokyo',
      'Asia/Seoul',
      'Asia/Kolkata',
      'Asia/Dubai',
      'Australia/Sydney',
      'Africa/Cairo',
      'Africa/Lagos',
      'Pacific/Auckland',
      'Atlantic/Reykjavik',
      'Asia/Singapore',
    ];
    const accounts = [sandbox.demo, sandbox.other];
    const runs = await Promise.all(
      zones.map((zone, i) => {
        const who = accounts[i % 2]!;
        return masg(
          ['login', '--profile', `p${i}`, '--email', who.email, '--base-url', sandbox.url, '--timezone', zone, '--key-stdin'],
          env,
          `${who.key}\n`,
        );
      }),
    );
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    const profiles = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles;
    expect(Object.keys(profiles).sort()).toEqual(zones.map((_, i) => `p${i}`).sort());
    zones.forEach((zone, i) => {
      const who = accounts[i % 2]!;
      expect(profiles[`p${i}`]).toEqual({ email: who.email, key: who.key, baseUrl: sandbox.url, timezone: zone });
    });
    expect(leftovers(dir)).toEqual([]);
    // And masg itself reads each one back.
    expect(json(await masg(['whoami', '-p', 'p13', '-o', 'json'], env))).toMatchObject({ email: sandbox.other.email });
  });
});

describe('parallel `masg --sandbox` commands over one sandbox state file', () => {
  it('20 parallel `pub create` leave 20 distinct IDs, all shown by `pub list`', async () => {
    const dir = tempDir('masg-cfg-');
    const env = envFor(dir);
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        masg(
          [
            '--sandbox',
            'pub',
            'create',
            '--name',
            `Crowd ${i}`,
            '--type',
            'OTHER_APP',
            '--description',
            'd',
            '--transparent',
            'false',
            '-o',
            'json',
          ],
          env,
        ),
      ),
    );
    const ids = runs.map((r) => json(r).id as string);
    expect(new Set(ids).size).toBe(20);
    const listed = json(await masg(['--sandbox', 'pub', 'list', '-o', 'json'], env)) as Array<{ id: string; name: string }>;
    for (const [i, id] of ids.entries()) expect(listed.find((p) => p.id === id)?.name).toBe(`Crowd ${i}`);
    expect(leftovers(join(dir, 'sandbox'))).toEqual([]);
  });

  it('6 parallel `slot create` get distinct IDs; a `slot update` rename beside 8 `pub create`s is kept', async () => {
    const dir = tempDir('masg-cfg-');
    const env = envFor(dir);
    const slots = json(await masg(['--sandbox', 'slot', 'list', '-o', 'json'], env)) as Array<{
      id: string;
      publication: string;
      name: string;
    }>;
    const pub = slots[0]!.publication;
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        masg(
          ['--sandbox', 'slot', 'create', '--publication', pub, '--name', `Parallel slot ${i}`, '--formats', 'banner', '-o', 'json'],
          env,
        ),
      ),
    );
    const ids = created.map((r) => json(r).id as string);
    expect(new Set(ids).size).toBe(6);

    const target = slots[1]!;
    const [rename, ...creates] = await Promise.all([
      masg(['--sandbox', 'slot', 'update', target.id, '--name', 'Renamed in the crowd', '-o', 'json'], env),
      ...Array.from({ length: 8 }, (_, i) =>
        masg(
          [
            '--sandbox',
            'pub',
            'create',
            '--name',
            `Beside ${i}`,
            '--type',
            'OTHER_APP',
            '--description',
            'd',
            '--transparent',
            'false',
            '-o',
            'json',
          ],
          env,
        ),
      ),
    ]);
    expect(json(rename!).name).toBe('Renamed in the crowd');
    const pubIds = creates.map((r) => json(r).id as string);

    const after = json(await masg(['--sandbox', 'slot', 'list', '-o', 'json'], env)) as Array<{ id: string; name: string }>;
    expect(after.find((s) => s.id === target.id)?.name).toBe('Renamed in the crowd');
    for (const [i, id] of ids.entries()) expect(after.find((s) => s.id === id)?.name).toBe(`Parallel slot ${i}`);
    const pubs = (json(await masg(['--sandbox', 'pub', 'list', '-o', 'json'], env)) as Array<{ id: string }>).map((p) => p.id);
    for (const id of pubIds) expect(pubs).toContain(id);
  });
});

describe('completion cache writers in parallel processes', () => {
  it('8 processes × 15 writes of different kinds into one cache file: every kind is kept', async () => {
    const dir = tempDir('masg-cfg-');
    const body = `
      const { openCache, store } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'config', 'id-cache.js')).href)});
      const cache = openCache(args[0], 'default', 'who');
      let skipped = 0;
      for (let i = 0; i < 15; i++) {
        // A generous wait here: this test is about what is kept, not about giving up quickly.
        if (!(await store(cache, { ['w' + args[1] + '-' + i]: [['id', 'name']] }, { waitMs: 20000 }))) skipped++;
      }
      console.log(skipped);`;
    const runs = await Promise.all(Array.from({ length: 8 }, (_, w) => finished(node(body, [dir, String(w)]))));
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stdout: '0\n' });
    const entries = JSON.parse(readFileSync(join(dir, 'cache', 'ids-default.json'), 'utf8')).entries;
    expect(Object.keys(entries)).toHaveLength(8 * 15);
    expect(leftovers(join(dir, 'cache'))).toEqual([]);
  });
});

describe('a lock left by a process killed with SIGKILL', () => {
  it('does not block the next `masg login` or `masg --sandbox pub create` for long', async () => {
    const dir = tempDir('masg-cfg-');
    const env = envFor(dir);
    mkdirSync(join(dir, 'sandbox'), { recursive: true });
    expect(json(await masg(['--sandbox', 'pub', 'list', '-o', 'json'], env)).length).toBeGreaterThan(0); // the state file exists
    // A process that takes both locks the way masg does, then dies without any clean-up.
    const holder = node(
      `const { withFileLock } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'core', 'file-lock.js')).href)});
       let held = 0;
       for (const file of args) void withFileLock(file, () => { if (++held === args.length) console.log('locked'); return new Promise(() => setInterval(() => {}, 1000)); });`,
      [join(dir, 'config.json'), join(dir, 'sandbox', 'state.json')],
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (d) => String(d).includes('locked') && resolve());
      holder.once('exit', () => reject(new Error('the holder exited before locking')));
    });
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(true);
    expect(existsSync(join(dir, 'sandbox', 'state.json.lock'))).toBe(true);

    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
    try {
      const t0 = Date.now();
      const [login, create] = await Promise.all([
        masg(
          ['login', '--email', sandbox.demo.email, '--base-url', sandbox.url, '--timezone', 'UTC', '--key-stdin'],
          env,
          `${sandbox.demo.key}\n`,
        ),
        masg(
          [
            '--sandbox',
            'pub',
            'create',
            '--name',
            'After the kill',
            '--type',
            'OTHER_APP',
            '--description',
            'd',
            '--transparent',
            'false',
            '-o',
            'json',
          ],
          env,
        ),
      ]);
      const waited = Date.now() - t0;
      expect(login, login.stderr).toMatchObject({ code: 0 });
      expect(json(create).name).toBe('After the kill');
      // The stale age is 5 s (src/core/file-lock.ts); process start-up on a busy machine comes on top.
      expect(waited).toBeLessThan(limit(15_000));
      expect(leftovers(dir)).toEqual([]);
      expect(leftovers(join(dir, 'sandbox'))).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});

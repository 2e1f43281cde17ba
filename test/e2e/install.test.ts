// Installing masg the ways a user would: `npm pack` then a global install of the tarball (npm's
// real distribution path), and `npm install -g .` from a checkout. Each runs on a copy of the
// package's sources in a temporary folder, never on this tree (packing rebuilds dist/, which
// other test files are running from), with a temporary global prefix.
// Offline-friendly: --prefer-offline takes the dependencies from the npm cache.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { limit } from '../helpers/time-limits.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { version: VERSION, name: NAME } = (await import('../../package.json', { with: { type: 'json' } })).default as {
  version: string;
  name: string;
};

afterAll(removeTempDirs);

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with a clean environment: none of the npm_* variables of an enclosing `npm test`. */
function run(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}): Promise<Ran> {
  const env: Record<string, string> = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: process.env.HOME ?? '/root', // npm's cache and ~/.npmrc
    ...extra,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const NPM_QUIET = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** The files a fresh clone has (what the build needs), without node_modules or dist/. */
function freshCheckout(): string {
  const dir = join(tempDir('masg-clone-'), 'masg');
  mkdirSync(dir);
  for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', 'src', 'bin', 'scripts', 'completions']) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  return dir;
}

/**
 * What `npm install` in the checkout leaves: every dependency, dev ones included. One link per
 * package inside a real folder, so whatever npm does to the copy's node_modules cannot reach
 * this tree's.
 */
function withDependencies(dir: string): string {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    // .bin too: `npm run build` in the copy finds tsc there, as after a real `npm install`.
    if (!entry.startsWith('.') || entry === '.bin') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry), 'dir');
  }
  return dir;
}

async function installedMasgWorks(prefix: string): Promise<void> {
  const masg = join(prefix, 'bin', 'masg');
  const env = { HOME: tempDir('masg-home-'), MASG_CONFIG_DIR: tempDir('masg-config-') };
  const version = await run(masg, ['--version'], prefix, env);
  expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  const list = await run(masg, ['--sandbox', 'pub', 'list', '-o', 'csv'], prefix, env);
  expect(list.stderr).toBe('');
  expect(list.code).toBe(0);
  expect(list.stdout.split('\n')[0]).toMatch(/^id,name,type,status/);
  expect(list.stdout.trim().split('\n').length).toBeGreaterThan(1);
}

describe('installing masg', () => {
  it(
    'npm pack builds dist/ at pack time; the tarball installs globally without dev dependencies',
    { timeout: limit(120_000) },
    async () => {
      const checkout = withDependencies(freshCheckout());
      const out = tempDir('masg-pack-');
      const manifest = readFileSync(join(checkout, 'package.json'), 'utf8');
      const packed = await run('npm', ['pack', '--pack-destination', out, '--json', ...NPM_QUIET], checkout);
      expect(packed.code, packed.stderr).toBe(0);
      // The checkout's package.json is as it was (prepack set it aside, postpack put it back).
      expect(readFileSync(join(checkout, 'package.json'), 'utf8')).toBe(manifest);
      expect(existsSync(join(checkout, '.package.json.orig'))).toBe(false);
      const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
      const files = info.files.map((f) => f.path);
      // Built at pack time (the copy had no dist/), shipped, and nothing of the sources or tests.
      expect(files).toContain('dist/cli.js');
      expect(files).toContain('bin/masg.cjs');
      expect(files).toContain('dist/sandbox/index.js');
      // (Type declarations, .d.ts, may ship for the library entry point; TypeScript sources may not.)
      expect(files.filter((f) => /^(src|test|scripts)\//.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);

      const prefix = tempDir('masg-prefix-');
      const tarball = join(out, info.filename);
      expect(info.filename).toBe(`${NAME}-${VERSION}.tgz`);
      // --loglevel=warn: npm 11 warned that `prepare` was "not yet covered by allowScripts".
      const installed = await run('npm', ['install', '-g', '--prefix', prefix, tarball, ...NPM_QUIET, '--loglevel=warn'], out);
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.stderr).toBe('');
      const shipped = JSON.parse(readFileSync(join(prefix, 'lib', 'node_modules', NAME, 'package.json'), 'utf8')) as { scripts: object };
      expect(Object.keys(shipped.scripts)).not.toContain('prepare');
      // No dev dependency came along, and none is needed.
      const deps = readdirSync(join(prefix, 'lib', 'node_modules', NAME, 'node_modules'));
      for (const dev of ['typescript', 'vitest', 'eslint', '@types']) expect(deps).not.toContain(dev);
      await installedMasgWorks(prefix);
    },
  );

  it(
    "the README's set-up lines, as pasted: quiet (no npm notice per file, no allowScripts warning, no second build)",
    { timeout: limit(240_000) },
    async () => {
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      const setup = /^## Set-up\n([\s\S]*?)^## /m.exec(readme)![1]!;
      const link = /^(npm link\b[^#\n]*?)\s*(#|$)/m.exec(setup)![1]!;
      const copy = /`(npm install -g "[^`]+)`/.exec(setup)![1]!;
      for (const line of [link, copy]) {
        const checkout = withDependencies(freshCheckout());
        // As after the README's `npm install`, which built dist/.
        cpSync(join(ROOT, 'dist'), join(checkout, 'dist'), { recursive: true });
        const prefix = tempDir('masg-prefix-');
        const ran = await run('bash', ['-c', line], checkout, { NPM_CONFIG_PREFIX: prefix, NPM_CONFIG_PREFER_OFFLINE: 'true' });
        expect(ran.code, `${line}\n${ran.stderr}`).toBe(0);
        expect(ran.stderr, line).toBe('');
        // npm's own summary ("added 1 package in 2s") at most: no list of files.
        expect(ran.stdout.trim().split('\n').length, `${line}\n${ran.stdout}`).toBeLessThanOrEqual(2);
        await installedMasgWorks(prefix);
      }
    },
  );

  it('the tarball npm pack leaves in a checkout is ignored by git', async () => {
    const ignored = await run('git', ['check-ignore', `${NAME}-${VERSION}.tgz`, '.package.json.orig'], ROOT);
    expect(ignored.stdout.split('\n').filter(Boolean)).toEqual([`${NAME}-${VERSION}.tgz`, '.package.json.orig']);
  });

  it('npm install -g . from a fresh clone (nothing installed in it) fails with the steps that work', async () => {
    const checkout = freshCheckout();
    const prefix = tempDir('masg-prefix-');
    const attempt = await run('npm', ['install', '-g', '--prefix', prefix, '.', ...NPM_QUIET], checkout);
    expect(attempt.code).not.toBe(0);
    expect(attempt.stderr).not.toContain('tsc: not found');
    expect(attempt.stderr).toContain('npm install && npm install -g .');
    expect(attempt.stderr).toContain(`npm install -g ./${NAME}-${VERSION}.tgz`);
    expect(existsSync(join(prefix, 'bin', 'masg'))).toBe(false);
  });

  it('npm install then npm install -g . (the README steps) gives a working masg', { timeout: limit(120_000) }, async () => {
    const checkout = withDependencies(freshCheckout());
    const prefix = tempDir('masg-prefix-');
    const installed = await run('npm', ['install', '-g', '--prefix', prefix, '.', ...NPM_QUIET], checkout);
    expect(installed.code, installed.stderr).toBe(0);
    expect(existsSync(join(checkout, 'dist', 'cli.js'))).toBe(true);
    await installedMasgWorks(prefix);
  });
});

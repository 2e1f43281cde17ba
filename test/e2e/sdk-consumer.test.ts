// The SDK as a user gets it: `npm pack` of this package, installed into a fresh project from the
// npm cache (--prefer-offline), a consumer compiled with `tsc --strict` (module NodeNext, the
// project's own TypeScript) against the installed .d.ts, then run. It starts the sandbox from
// 'masg/sandbox', lists publications and streams a statistics range; its stdout must be exactly
// what it printed itself and its stderr empty: the library writes nothing.
//
// Self-contained: its own temporary folder for the tarball and the project. Packs the dist/ that
// is there (--ignore-scripts: rebuilding dist/ under the other tests that run it would race
// them), so `npm test` (which builds first) or `npx tsc -p tsconfig.json` must come before.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./sdk-consumer/', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
const TYPES_NODE = lock.packages['node_modules/@types/node']!.version;

let dir: string;
let project: string;

/** npm with a clean, quiet, offline-friendly configuration; never the user's global prefix. */
function npm(args: string[], cwd: string) {
  return exec('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 << 20,
  });
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'index.d.ts')))
    throw new Error('dist/ is missing or has no .d.ts: run `npx tsc -p tsconfig.json` (npm test does) first');
  dir = mkdtempSync(join(tmpdir(), 'masg-sdk-consumer-'));
  await npm(['pack', '--ignore-scripts', '--pack-destination', dir], ROOT);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${dir}`);
  project = join(dir, 'project');
  await exec('mkdir', [project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  await npm(['install', '--prefer-offline', join(dir, tarball), `@types/node@${TYPES_NODE}`], project);
  for (const f of ['consumer.ts', 'tsconfig.json']) copyFileSync(join(HERE, f), join(project, f));
  // The first example of the README's SDK section and of docs/sdk.md, as a user would paste them.
  for (const [doc, file] of [
    ['README.md', 'readme-example.mjs'],
    ['docs/sdk.md', 'sdk-doc-example.mjs'],
  ] as const) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(text.slice(text.indexOf('Use from Node')))?.[1];
    if (!example) throw new Error(`${doc}: no js example under "Use from Node"`);
    writeFileSync(join(project, file), example);
  }
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a TypeScript project that installs the packed masg', () => {
  it('the package declares its entry points with types', () => {
    const pkg = JSON.parse(readFileSync(join(project, 'node_modules', 'masg', 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    for (const entry of ['.', './sandbox']) {
      for (const file of [pkg.exports[entry]!.types, pkg.exports[entry]!.default])
        expect(existsSync(join(project, 'node_modules', 'masg', file)), file).toBe(true);
    }
  });

  it('compiles with tsc --strict --noEmit (NodeNext), misuses being type errors', async () => {
    const check = await exec(process.execPath, [TSC, '-p', 'tsconfig.json', '--strict', '--noEmit'], { cwd: project }).catch(
      (e: { stdout: string }) => e,
    );
    expect(check.stdout).toBe('');
  }, 60_000);

  it("the README's and docs/sdk.md's examples type-check against the installed types (checkJs, strict)", async () => {
    const args = [
      TSC,
      '--noEmit',
      '--strict',
      '--allowJs',
      '--checkJs',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
      'readme-example.mjs',
      'sdk-doc-example.mjs',
    ];
    const check = await exec(process.execPath, args, { cwd: project }).catch((e: { stdout: string }) => e);
    expect(check.stdout).toBe('');
  }, 60_000);

  it('runs: lists publications, streams a statistics range, catches an ApiError; prints only its own lines', async () => {
    await exec(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project });
    const run = await exec(process.execPath, [join(project, 'out', 'consumer.js')], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/\d+/g, 'N'))).toEqual([
      'publications: N',
      'records: N',
      'clicks: N',
      'earnings cents: N',
      'api error: N N',
      'dry run: N GET [REDACTED]',
    ]);
    expect(lines[0]).toBe('publications: 7');
    expect(Number(lines[1]!.split(': ')[1])).toBeGreaterThan(0);
    expect(lines[4]).toBe('api error: 2000 400');
  }, 60_000);
});

// `prepare` (run by `npm install` in a checkout, by `npm pack`/`npm publish`, and by
// `npm install -g .`): build dist/ from src/ with TypeScript.
//
// Why a script rather than `tsc` in package.json: `npm install -g .` from a fresh clone links the
// folder and runs `prepare` there without installing anything into it, so a bare `tsc` died with
// "sh: tsc: not found" and, even if it had built, the linked command would have had none of its
// runtime dependencies. Here that case fails with the exact steps that work instead.
// The packed tarball never runs `prepare` when installed (npm runs it only for folders and git
// dependencies), so an installed masg never needs TypeScript.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function resolves(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const steps = [
  `masg: cannot build ${root}: its dependencies are not installed there.`,
  'Install masg from a checkout with either of:',
  '  npm install && npm install -g .                     (links this folder: keep it)',
  `  npm install && npm pack && npm install -g ./${pkg.name}-${pkg.version}.tgz   (a copy, as from the registry)`,
].join('\n');

if (!resolves('typescript')) {
  const runtimeDeps = Object.keys(pkg.dependencies ?? {});
  if (existsSync(join(root, 'dist', 'cli.js')) && runtimeDeps.every(resolves)) {
    // A built tree whose dev dependencies were pruned: it runs as it is.
    process.stderr.write('masg: TypeScript is not installed; keeping the existing dist/\n');
    process.exit(0);
  }
  process.stderr.write(`${steps}\n`);
  process.exit(1);
}

// A clean build, so a file removed from src/ cannot linger in dist/ and in the tarball. Through
// `npm run build` when npm runs this script, so the build has one definition (package.json);
// `node scripts/prepare.mjs` on its own runs tsc directly.
rmSync(join(root, 'dist'), { recursive: true, force: true });
const npm = process.env.npm_execpath;
const built = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent', '--global=false'], { cwd: root, stdio: 'inherit' })
  : spawnSync(
      process.execPath,
      [join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')],
      { stdio: 'inherit' },
    );
process.exit(built.status ?? 1);

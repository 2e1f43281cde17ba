// `npm pack` ships package.json as it is, `prepare` included, and npm 11 then warns at every
// install of the tarball that `prepare` is "not yet covered by allowScripts", though npm never runs
// it for a tarball. prepack (`strip`) keeps the checkout's package.json aside and leaves a copy
// without `prepare` for the tarball; postpack (`restore`) puts the original back. A pack that
// dies between the two leaves the original in .package.json.orig, and `restore` still works.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const kept = join(root, '.package.json.orig');

if (process.argv[2] === 'strip') {
  if (!existsSync(kept)) writeFileSync(kept, readFileSync(manifest));
  const pkg = JSON.parse(readFileSync(kept, 'utf8'));
  for (const hook of ['prepare', 'prepack', 'postpack']) delete pkg.scripts[hook];
  writeFileSync(manifest, `${JSON.stringify(pkg, undefined, 2)}\n`);
} else if (process.argv[2] === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exit(2);
}

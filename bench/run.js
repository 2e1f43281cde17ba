// `npm run bench` (after tsc): runs every bench/*.js section, or only those named in argv
// (`node bench/run.js sandbox`). Each section is a standalone script run in its own process, so
// sections cannot disturb each other's timings or memory figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const sections = readdirSync(here)
  .filter((f) => f.endsWith('.js') && f !== 'run.js')
  .map((f) => f.slice(0, -3))
  .filter((name) => wanted.length === 0 || wanted.includes(name));

if (sections.length === 0) {
  console.error(`bench: no section named ${wanted.join(', ')}`);
  process.exitCode = 2;
}
for (const name of sections) {
  console.log(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, [path.join(here, `${name}.js`)], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench: ${name} failed (exit ${r.status ?? r.signal})`);
    process.exitCode = 1;
  }
}

// `npm run bench` (after tsc): runs every bench/*.js section, or only those named in argv
// (`node bench/run.js sandbox`). Each section exports `run()` and prints its own figures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const sections = readdirSync(here)
  .filter((f) => f.endsWith('.js') && f !== 'run.js')
  .map((f) => f.slice(0, -3))
  .filter((name) => wanted.length === 0 || wanted.includes(name));

if (sections.length === 0) {
  console.error(`no bench section matches ${wanted.join(', ')}`);
  process.exitCode = 2;
}
for (const name of sections) {
  console.log(`\n## ${name}\n`);
  const mod = await import(pathToFileURL(path.join(here, `${name}.js`)).href);
  await mod.run();
}

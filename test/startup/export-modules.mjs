#!/usr/bin/env node
// How many of masg's own modules (files of dist/) a statistics export loads: the figure of issue
// 35 ("one way through"), counted on the built binary against a sandbox over real HTTP, every
// loaded module recorded by trace-imports.mjs. Needs dist/ (`npx tsc -p tsconfig.json`).
//   node test/startup/export-modules.mjs          the count, then the count by directory
//   node test/startup/export-modules.mjs --list   every module as well
//   node test/startup/export-modules.mjs --used   how many of them ran a function of their own (V8's
//                                                 coverage): a floor of what the export uses, since
//                                                 a module of constants (schema/enums) runs none
// test/startup/stats-modules.test.ts holds the same export to a ceiling.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '../..');
if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first');
const { startSandbox } = await import(join(root, 'dist', 'sandbox', 'index.js'));

const used = process.argv.includes('--used');
const dir = mkdtempSync(join(tmpdir(), 'masg-export-modules-'));
const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
try {
  const trace = join(dir, 'modules.txt');
  // Not execFileSync: the sandbox answers from this process's event loop.
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      join(import.meta.dirname, 'trace-imports.mjs'),
      join(root, 'bin', 'masg.cjs'),
      'pub',
      'stats',
      '--date',
      'yesterday',
      '--out',
      join(dir, 'x.csv'),
    ],
    {
      env: {
        ...process.env,
        MASG_TRACE_FILE: trace,
        MASG_CONFIG_DIR: join(dir, 'config'),
        MASG_BASE_URL: sandbox.url,
        MASG_EMAIL: sandbox.demo.email,
        MASG_DEVELOPER_KEY: sandbox.demo.key,
        MASG_TIMEZONE: 'America/New_York',
        ...(used ? { NODE_V8_COVERAGE: join(dir, 'coverage') } : {}),
      },
    },
  );
  const loaded = [...new Set(readFileSync(trace, 'utf8').split('\n').filter(Boolean))];
  const own = loaded
    .filter((m) => m.includes('/dist/'))
    .map((m) => m.replace(/^.*\/dist\//, ''))
    .sort();
  console.log(`masg pub stats --date yesterday --out x.csv: ${own.length} of masg's own modules (${loaded.length} modules in all)`);
  const byDir = new Map();
  for (const m of own) {
    const d = m.includes('/') ? m.slice(0, m.indexOf('/')) : '(root)';
    byDir.set(d, (byDir.get(d) ?? 0) + 1);
  }
  console.log(
    [...byDir]
      .sort((a, b) => b[1] - a[1])
      .map(([d, n]) => `${d} ${n}`)
      .join(', '),
  );
  const ran = used ? functionsRun(join(dir, 'coverage')) : undefined;
  if (ran) console.log(`${own.filter((m) => ran.get(m) > 0).length} of them ran a function of their own (V8's coverage)`);
  if (process.argv.includes('--list')) console.log(own.map((m) => (ran ? `${m} ${ran.get(m) ?? 0}` : m)).join('\n'));
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Module (path under dist/) → how many of its functions ran, the module's own top level aside. */
function functionsRun(coverageDir) {
  const ran = new Map();
  for (const file of readdirSync(coverageDir)) {
    for (const script of JSON.parse(readFileSync(join(coverageDir, file), 'utf8')).result) {
      if (!script.url.includes('/dist/')) continue;
      // The first entry is the module's top level, which runs whenever it is imported.
      const count = script.functions.slice(1).filter((f) => f.ranges[0].count > 0).length;
      ran.set(script.url.replace(/^.*\/dist\//, ''), count);
    }
  }
  return ran;
}

#!/usr/bin/env node
// How many of masg's own modules (files of dist/) a statistics export loads: the figure of issue
// 35 ("one way through"), counted on the built binary against a sandbox over real HTTP, every
// loaded module recorded by trace-imports.mjs. Needs dist/ (`npx tsc -p tsconfig.json`).
//   node test/startup/export-modules.mjs          the count, then the count by directory
//   node test/startup/export-modules.mjs --list   every module as well
// test/startup/stats-modules.test.ts holds the same export to a ceiling.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '../..');
if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first');
const { startSandbox } = await import(join(root, 'dist', 'sandbox', 'index.js'));

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
  if (process.argv.includes('--list')) console.log(own.join('\n'));
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

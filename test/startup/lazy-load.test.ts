// Start-up: answers that need no network load none of the heavy modules, and the fast paths
// (--version, static completion) not even commander or the command modules. Checked on the
// built binary, with every loaded module recorded (trace-imports.mjs): a single static import
// anywhere on these paths would show up here before it shows up in bench/startup.js.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const HEAVY = [
  'undici',
  'proper-lockfile',
  'ora',
  'chalk',
  'string-width',
  'fast-xml-parser',
  'saxes',
  'csv-parse',
  '@duckdb/node-api',
  '@duckdb/node-bindings',
  'pg',
  'pg-copy-streams',
];

async function loadedBy(args: string[]): Promise<{ stdout: string; modules: string[] }> {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
  const dir = mkdtempSync(join(tmpdir(), 'masg-trace-'));
  const file = join(dir, 'modules.txt');
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', join(import.meta.dirname, 'trace-imports.mjs'), join(ROOT, 'bin', 'masg.js'), ...args],
      {
        // A live completion gives up after 1.5 s by default; this test is about what loads, not how fast.
        env: { ...process.env, MASG_TRACE_FILE: file, MASG_CONFIG_DIR: dir, MASG_COMPLETION_DEADLINE_MS: '60000' },
      },
    );
    return { stdout, modules: readFileSync(file, 'utf8').split('\n').filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const packagesIn = (modules: string[]) => [...new Set(modules.flatMap((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []))];

describe('heavy modules stay unloaded', () => {
  it.each([
    ['--version', ['--version']],
    ['--help', ['--help']],
    ['pub list --help', ['pub', 'list', '--help']],
    ['sync --help', ['sync', '--help']],
    ['sql --help', ['sql', '--help']],
    ['a static completion', ['__complete', 'pub', 'list', '--status', '']],
  ])('%s', async (_name, args) => {
    const { stdout, modules } = await loadedBy(args);
    expect(stdout).not.toBe('');
    expect(modules.some((m) => m.includes('/dist/cli.js'))).toBe(true);
    expect(packagesIn(modules).filter((p) => HEAVY.includes(p))).toEqual([]);
  });
});

describe('the fast paths skip the command tree', () => {
  it.each([
    ['--version', ['--version']],
    ['a static completion', ['__complete', 'slot', 'create', '--formats', 'banner,']],
  ])('%s loads neither commander nor the command modules', async (_name, args) => {
    const { modules } = await loadedBy(args);
    expect(packagesIn(modules)).toEqual([]);
    expect(modules.filter((m) => m.includes('/dist/commands/'))).toEqual([]);
  });
});

describe('the trace itself sees what is loaded', () => {
  it('--help loads commander; a live completion loads undici', async () => {
    expect(packagesIn((await loadedBy(['--help'])).modules)).toContain('commander');
    const live = await loadedBy(['__complete', '--sandbox', 'pub', 'update', '']);
    expect(live.stdout).toContain('Nordic News Site');
    expect(packagesIn(live.modules)).toContain('undici');
  });
});

// Start-up: answers that need no network load none of the heavy modules, help loads the commands'
// declarations and no handler, a run its own handler only, and the fast paths (--version, static
// completion) not even commander or the command modules. Checked on the
// built binary, with every loaded module recorded (trace-imports.mjs): a single static import
// anywhere on these paths would show up here before it shows up in bench/startup.js.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/binary.js';

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

async function loadedBy(args: string[]): Promise<{ code: number; stdout: string; modules: string[] }> {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
  const dir = mkdtempSync(join(tmpdir(), 'masg-trace-'));
  const file = join(dir, 'modules.txt');
  try {
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', join(import.meta.dirname, 'trace-imports.mjs'), BIN, ...args],
        // A live completion gives up after 1.5 s by default; this test is about what loads, not how fast.
        { env: { ...process.env, MASG_TRACE_FILE: file, MASG_CONFIG_DIR: dir, MASG_COMPLETION_DEADLINE_MS: '60000' } },
        (err, out) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout: out }),
      );
    });
    return { code, stdout, modules: readFileSync(file, 'utf8').split('\n').filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const packagesIn = (modules: string[]) => [...new Set(modules.flatMap((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []))];

/**
 * What help and the parser read for a `pub` command line: the registry and pub's section of
 * declarations alone (src/commands/registry.ts), with the modules their options use; no other
 * group's or top-level command's.
 */
const DECLARED = ['registry.js', 'pub/index.js', 'pub/fields.js', 'stats/options.js'].sort();

/** The modules of dist/commands/ among `modules`. */
const commandModules = (modules: string[]) =>
  [...new Set(modules.filter((m) => m.includes('/dist/commands/')).map((m) => m.replace(/^.*\/dist\/commands\//, '')))].sort();

describe('heavy modules stay unloaded', () => {
  it.each([
    ['--help', ['--help']],
    ['pub list --help', ['pub', 'list', '--help']],
    ['sync --help', ['sync', '--help']],
    ['sql --help', ['sql', '--help']],
    ['--sandbox pub list --help', ['--sandbox', 'pub', 'list', '--help']],
    ['a static completion', ['__complete', 'pub', 'list', '--status', '']],
  ])('%s', async (_name, args) => {
    const { stdout, modules } = await loadedBy(args);
    expect(stdout).not.toBe('');
    expect(modules.some((m) => m.includes('/dist/cli.js'))).toBe(true);
    expect(packagesIn(modules).filter((p) => HEAVY.includes(p))).toEqual([]);
    // Help that commander answers (an option before --help) is built from the declarations of
    // the section the command line names, no handler; a plain request reads the generated pages (below).
    if (args[0] === '--sandbox') expect(commandModules(modules)).toEqual(DECLARED);
  });
});

describe('--version', () => {
  it.each([['--version'], ['-v'], ['-V'], ['version']])('%s answers from bin/masg.cjs: no module of dist/ loads', async (flag) => {
    const { code, stdout, modules } = await loadedBy([flag]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n` });
    expect(modules.filter((m) => m.includes('/dist/'))).toEqual([]);
  });
});

describe('a run imports its own handler', () => {
  it('and no other command’s (a value its handler refuses: exit 2 after the import, nothing sent)', async () => {
    const { code, modules } = await loadedBy(['pub', 'list', '--status', 'bogus']);
    expect(code).toBe(2);
    expect(commandModules(modules)).toEqual([...DECLARED, 'pub/list.js'].sort());
  });
});

describe('the fast paths skip the command tree', () => {
  it.each([
    ['--version', ['--version']],
    ['--help', ['--help']],
    ['pub list --help', ['pub', 'list', '--help']],
    ['help sync', ['help', 'sync']],
    ['a static completion', ['__complete', 'slot', 'create', '--formats', 'banner,']],
  ])('%s loads neither commander nor the command modules', async (_name, args) => {
    const { modules } = await loadedBy(args);
    expect(packagesIn(modules)).toEqual([]);
    expect(modules.filter((m) => m.includes('/dist/commands/'))).toEqual([]);
  });
});

describe('a Tab that names a command or an option answers from the generated spec alone', () => {
  it.each([
    ['a subcommand', ['__complete', 'pub', 'up']],
    ['an option value', ['__complete', 'pub', 'list', '--status', '']],
  ])('%s loads neither the configuration, the ID cache nor the SDK (the live path of an ID)', async (_name, args) => {
    const { stdout, modules } = await loadedBy(args);
    expect(stdout).not.toBe('');
    const own = modules.filter((m) => m.includes('/dist/')).map((m) => m.replace(/.*\/dist\//, ''));
    expect(own.filter((m) => /^(config|sdk|session|transport)\/|^completion\/(live|spec)\.js$/.test(m))).toEqual([]);
    // The live path is loaded where an ID is asked for (below): the filter above can fail.
  });
});

describe('the trace itself sees what is loaded', () => {
  it('help commander answers loads it; a live completion loads undici', async () => {
    expect(packagesIn((await loadedBy(['--sandbox', '--help'])).modules)).toContain('commander');
    const live = await loadedBy(['__complete', '--sandbox', 'pub', 'update', '']);
    expect(live.stdout).toContain('Nordic News Site');
    expect(packagesIn(live.modules)).toContain('undici');
    expect(live.modules.some((m) => m.endsWith('/dist/completion/live.js'))).toBe(true);
    expect(live.modules.some((m) => m.endsWith('/dist/config/id-cache.js'))).toBe(true);
  });
});

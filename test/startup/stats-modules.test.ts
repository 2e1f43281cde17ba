// A statistics export loads only what it uses: its report streams through saxes, so the
// whole-body XML parser (fast-xml-parser, for entities and error bodies) stays unloaded, and the
// profile is resolved without login, logout or whoami (no config barrel), and no other command's
// handler is loaded. Checked on the built
// binary against a sandbox over real HTTP, every loaded module recorded (trace-imports.mjs).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { BIN } from '../helpers/binary.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'masg-stats-modules-'));
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataFile: join(dir, 'state.json') });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function loadedBy(args: string[]): Promise<{ stdout: string; modules: string[] }> {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
  const file = join(mkdtempSync(join(dir, 'run-')), 'modules.txt');
  const { stdout } = await run(process.execPath, ['--import', join(import.meta.dirname, 'trace-imports.mjs'), BIN, ...args], {
    env: {
      ...process.env,
      MASG_TRACE_FILE: file,
      MASG_CONFIG_DIR: join(dir, 'config'),
      MASG_BASE_URL: sandbox.url,
      MASG_EMAIL: sandbox.demo.email,
      MASG_DEVELOPER_KEY: sandbox.demo.key,
      MASG_TIMEZONE: sandbox.demo.timezone,
    },
  });
  return { stdout, modules: [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))] };
}

const packagesIn = (modules: string[]) => [...new Set(modules.flatMap((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []))];
const own = (modules: string[]) => modules.filter((m) => m.includes('/dist/')).map((m) => m.replace(/^.*\/dist\//, ''));

describe('a statistics export', () => {
  it('streams through saxes without fast-xml-parser, and resolves the profile without the auth commands', async () => {
    const { stdout, modules } = await loadedBy(['pub', 'stats', '--date', 'yesterday', '-o', 'csv']);
    expect(stdout.split('\n')[0]).toContain('publication');
    const packages = packagesIn(modules);
    expect(packages).toContain('saxes');
    expect(packages).not.toContain('fast-xml-parser');
    const mine = own(modules);
    expect(mine).toContain('config/settings.js');
    for (const unused of ['config/index.js', 'commands/auth/login-core.js', 'commands/auth/logout-core.js', 'commands/auth/whoami-core.js'])
      expect(mine).not.toContain(unused);
    // Only pub's section of declarations is read (src/commands/registry.ts), and only pub stats'
    // handler is loaded: no other command's declaration or handler, with what it imports.
    expect(mine).toContain('commands/pub/stats.js');
    for (const other of [
      'commands/slot/create.js',
      'commands/campaign/stats.js',
      'commands/adv/list.js',
      'commands/sync.js',
      'commands/sql.js',
    ])
      expect(mine).not.toContain(other);
    for (const other of ['commands/auth/login.js', 'commands/api.js', 'commands/sandbox.js', 'commands/completion.js'])
      expect(mine).not.toContain(other);
    for (const other of ['commands/slot/index.js', 'commands/adv/index.js', 'commands/top-level.js', 'commands/auth/index.js'])
      expect(mine).not.toContain(other);
    // csv draws nothing: the table layout, the record view and the chart are the output formats'
    // registry's to load when a table is drawn (src/output/formats.ts).
    for (const layout of [
      'output/terminal.js',
      'output/table.js',
      'output/fit.js',
      'output/width.js',
      'output/chart.js',
      'output/chart-series.js',
    ])
      expect(mine).not.toContain(layout);
    // Ceilings, so that a new eager import shows up here: raise them only for a module the export
    // uses, or for code split into files of its own. masg's own modules (files of dist/, issue 35;
    // `node test/startup/export-modules.mjs` lists them): 123, with the help command registered
    // only where every command is declared. Every module, packages' and Node's included: 259.
    expect(mine.length).toBeLessThanOrEqual(123);
    expect(modules.length).toBeLessThanOrEqual(259);
  });

  it('a list is read by saxes alone; a single entity still reads its body whole (the trace does see fast-xml-parser when it is used)', async () => {
    const list = await loadedBy(['pub', 'list', '-o', 'csv']);
    expect(packagesIn(list.modules)).not.toContain('fast-xml-parser');
    const id = list.stdout.split('\n')[1].split(',')[0];
    const { modules } = await loadedBy(['pub', 'view', id, '-o', 'json']);
    expect(packagesIn(modules)).toContain('fast-xml-parser');
  });
});

// One registration: every command is declared (name, summary, options, examples) and its handler
// is imported only when it runs. Checked on the built binary, every loaded module recorded
// (trace-imports.mjs): help loads no handler; a run loads its own handler and no other.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** The modules of dist/commands/ the binary loaded for `args`, with its exit code. */
async function commandModules(args: string[]): Promise<{ code: number; loaded: string[] }> {
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
  const dir = mkdtempSync(join(tmpdir(), 'masg-registration-'));
  const file = join(dir, 'modules.txt');
  try {
    const code = await new Promise<number>((resolve) => {
      execFile(
        process.execPath,
        ['--import', join(import.meta.dirname, 'trace-imports.mjs'), join(ROOT, 'bin', 'masg.js'), ...args],
        { env: { ...process.env, MASG_TRACE_FILE: file, MASG_CONFIG_DIR: dir } },
        (err) => resolve(typeof err?.code === 'number' ? err.code : err ? -1 : 0),
      );
    });
    const modules = readFileSync(file, 'utf8').split('\n');
    const loaded = [...new Set(modules.filter((m) => m.includes('/dist/commands/')).map((m) => m.replace(/^.*\/dist\/commands\//, '')))];
    return { code, loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The declarations: what help and the parser read for every command. */
const DECLARATIONS = ['index.js', 'pub/index.js', 'slot/index.js', 'adv/index.js', 'campaign/index.js', 'auth/index.js', 'top-level.js'];
/** Modules the declarations use for their options (field flags, stats and bulk options). */
const OPTION_HELPERS = ['pub/fields.js', 'stats/options.js'];

const DECLARED = [...DECLARATIONS, ...OPTION_HELPERS].sort();

describe('help is built from the declarations', () => {
  it.each([['--help'], ['pub --help'], ['pub list --help'], ['sync --help'], ['help slot update']])(
    'masg %s loads no handler',
    async (line) => {
      const { code, loaded } = await commandModules(line.split(' '));
      expect(code).toBe(0);
      expect(loaded.sort()).toEqual(DECLARED);
    },
  );
});

describe('a run imports its own handler', () => {
  it('and no other command’s (a value its handler refuses: exit 2 after the import, nothing sent)', async () => {
    const { code, loaded } = await commandModules(['pub', 'list', '--status', 'bogus']);
    expect(code).toBe(2);
    expect(loaded.sort()).toEqual([...DECLARED, 'pub/list.js'].sort());
  });
});

// The layer check of `npm run lint` (dependency-cruiser with .dependency-cruiser.cjs), also run by
// `npm test` so that a new import cycle or an upward import fails the suite wherever it is run.
// The second part proves the rules can fail: a small tree in a temporary folder breaks each kind
// of rule once, and every break must be reported by the rule meant for it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: unknown[];
}

interface CruiseResult {
  summary: { error: number; warn: number; violations: Violation[] };
}

/** Runs depcruise over `src` in `cwd` and returns its JSON report (it exits non-zero on errors). */
function cruise(cwd: string, extra: string[] = []): Promise<CruiseResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json', ...extra],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as CruiseResult);
        } catch {
          reject(new Error(`depcruise gave no report: ${stderr || String(err)}`, { cause: err }));
        }
      },
    );
  });
}

const key = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to}`;

describe('the layers of src/', () => {
  it('has no import cycle and no upward import', async () => {
    const result = await cruise(ROOT);
    const errors = result.summary.violations.filter((v) => v.rule.severity === 'error').map(key);
    // A violation: fix the import (see the rule's comment in .dependency-cruiser.cjs and the layer
    // table in docs/architecture.md); a lower layer that needs something from a higher one is given it.
    expect(errors).toEqual([]);
    expect(result.summary.error).toBe(0);
  });
});

describe('the layer rules themselves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'masg-layers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };

  // One break per kind of rule, each in files of its own; the `ok` files import only downwards.
  const tree: Record<string, string> = {
    'src/core/ok.ts': 'export const core = 1;\n',
    'src/transport/ok.ts': "import { core } from '../core/ok.js';\nexport const api = core;\n",
    // A file cycle through a dynamic import.
    'src/transport/a.ts': "export const a = async () => (await import('./b.js')).b;\n",
    'src/transport/b.ts': "import { a } from './a.js';\nexport const b = a;\n",
    // Upward imports, one per layer rule.
    'src/core/up.ts': "import { api } from '../transport/ok.js';\nexport const up = api;\n",
    'src/output/up.ts': "import { api } from '../transport/ok.js';\nexport const up = api;\n",
    'src/sandbox/up.ts': "import type { Ctx } from '../context.js';\nexport type Up = Ctx;\n",
    'src/completion/up.ts': "import { run } from '../command-kit/run.js';\nexport const up = run;\n",
    'src/session/up.ts': "import { run } from '../command-kit/run.js';\nexport const up = run;\n",
    // A feature reaching into another feature: the pulse may not import the warehouse.
    'src/pulse/up.ts': "import { store } from '../warehouse/ok.js';\nexport const up = store;\n",
    'src/warehouse/ok.ts': "import { api } from '../transport/ok.js';\nexport const store = api;\n",
    'src/command-kit/run.ts': "import { VERSION } from '../cli.js';\nexport const run = VERSION;\n",
    // The renderer reaching the wire through another module; the output port importing it directly
    // (allowed to any other command file).
    'src/output/render.ts': "import { far } from './far.js';\nexport const render = far;\n",
    'src/output/far.ts': "import { api } from '../transport/ok.js';\nexport const far = api;\n",
    'src/command-kit/output-port.ts': "import { api } from '../transport/ok.js';\nexport const port = api;\n",
    'src/commands/ok.ts': "import { api } from '../transport/ok.js';\nexport const ok = api;\n",
    // The transport knows no endpoint; the command kit imports no command.
    'src/endpoints/ok.ts': "import { api } from '../transport/ok.js';\nexport const endpoint = api;\n",
    'src/transport/up.ts': "import { endpoint } from '../endpoints/ok.js';\nexport const up = endpoint;\n",
    'src/command-kit/up.ts': "import { ok } from '../commands/ok.js';\nexport const up = ok;\n",
    'src/context.ts': 'export interface Ctx { x: number }\n',
    'src/cli.ts': "export const VERSION = '1';\n",
  };
  for (const [file, text] of Object.entries(tree)) write(file, text);
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }));
  let report: Promise<CruiseResult> | undefined;
  const fixture = () => (report ??= cruise(dir));

  it.each([
    ['no-circular', 'src/transport/a.ts'],
    ['layer-core', 'src/core/up.ts'],
    ['layer-output', 'src/output/up.ts'],
    ['layer-sandbox', 'src/sandbox/up.ts'],
    ['layer-completion', 'src/completion/up.ts'],
    ['layer-session', 'src/session/up.ts'],
    ['layer-pulse', 'src/pulse/up.ts'],
    ['not-to-root', 'src/command-kit/run.ts'],
    ['render-reaches-output-only', 'src/output/render.ts'],
    ['output-port-writes-only', 'src/command-kit/output-port.ts'],
    ['layer-transport', 'src/transport/up.ts'],
    ['layer-command-kit', 'src/command-kit/up.ts'],
  ])('%s fails on %s', async (rule, from) => {
    const result = await fixture();
    const found = result.summary.violations.filter((v) => v.rule.name === rule).map((v) => v.from);
    expect(found).toContain(from);
    expect(result.summary.error).toBeGreaterThan(0);
  });

  it('passes the imports that follow the layers', async () => {
    const result = await fixture();
    const from = result.summary.violations.map((v) => v.from);
    expect(from).not.toContain('src/transport/ok.ts');
    expect(from).not.toContain('src/commands/ok.ts');
  });
});

// `import 'masg'` is cheap: the barrel loads no heavy module (undici, saxes, fast-xml-parser…)
// until a call needs it, so a program (or, later, the CLI going through the SDK) pays only for
// what it uses. Checked on the built package with the start-up test's import tracer.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const TRACER = join(ROOT, 'test', 'startup', 'trace-imports.mjs');
const HEAVY = ['undici', 'proper-lockfile', 'ora', 'chalk', 'string-width', 'fast-xml-parser', 'saxes', 'csv-parse', 'commander'];

async function packagesLoadedBy(script: string): Promise<string[]> {
  if (!existsSync(join(ROOT, 'dist', 'index.js')))
    throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
  const dir = mkdtempSync(join(tmpdir(), 'masg-sdk-trace-'));
  const file = join(dir, 'modules.txt');
  try {
    await run(process.execPath, ['--import', TRACER, '--input-type=module', '-e', script], {
      env: { ...process.env, MASG_TRACE_FILE: file },
    });
    const modules = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(modules.some((m) => m.includes('/dist/sdk/client.js'))).toBe(true);
    return [...new Set(modules.flatMap((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('importing the SDK and creating a client loads no heavy module', async () => {
  const index = JSON.stringify(join(ROOT, 'dist', 'index.js'));
  const loaded = await packagesLoadedBy(`const { createClient } = await import(${index});
    createClient({ baseUrl: 'https://api.example.com', email: 'a@b.c', key: 'k', timeZone: 'UTC' });`);
  expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
});

// The control: the tracer does see what a real call loads.
it('the first statistics call loads undici and saxes', async () => {
  const index = JSON.stringify(join(ROOT, 'dist', 'index.js'));
  const sandbox = JSON.stringify(join(ROOT, 'dist', 'sandbox', 'public.js'));
  const loaded = await packagesLoadedBy(`const { createClient } = await import(${index});
    const { startSandbox } = await import(${sandbox});
    const sb = await startSandbox();
    const client = createClient({ baseUrl: sb.baseUrl, ...sb.accounts.demo });
    await client.publicationStats({ from: '2024-01-01', to: '2024-01-01' }).toArray();
    await client.close(); await sb.close();`);
  expect(loaded).toContain('undici');
  expect(loaded).toContain('saxes');
});

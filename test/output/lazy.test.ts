import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `masg --help` must cost about bare Node: heavy modules are loaded with `await import()` where
// they are used. A static value import of one of them anywhere in src/output would undo that.
const HEAVY = ['chalk', 'string-width', 'ora'];
const root = join(import.meta.dirname, '../../src/output');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('src/output loads heavy modules lazily', () => {
  it.each(sources(root).map((f) => [f.slice(root.length + 1), f]))('%s', (_name, file) => {
    const staticImports = [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(staticImports.filter((m) => HEAVY.includes(m!))).toEqual([]);
  });
});

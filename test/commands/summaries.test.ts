// A command's summary is written once, in its declaration (src/commands/*/index.ts,
// src/commands/top-level.ts). That one place feeds the help and the generated reference
// (docs/commands.md); the handler carries none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { commandSpecs, groups } from '../../src/commands/index.js';
import { nullIo } from '../../src/completion/null-io.js';

const program = await buildProgram(nullIo({}));
const reference = readFileSync(join(import.meta.dirname, '../../docs/commands.md'), 'utf8');

/** The commander command that a path ("pub list") names. */
const find = (path: string): Command | undefined =>
  path.split(' ').reduce<Command | undefined>((cmd, word) => cmd?.commands.find((c) => c.name() === word), program);

/** The paragraph under a command's heading in docs/commands.md. */
function documented(path: string): string | undefined {
  const at = reference.indexOf(`### \`masg ${path} `);
  return at < 0 ? undefined : reference.slice(at).split('\n\n')[1];
}

describe('command summaries', () => {
  it.each(commandSpecs().map(({ path, spec }) => [path, spec] as const))('%s: the declaration feeds help and docs', async (path, spec) => {
    expect(find(path)?.description()).toBe(spec.summary);
    expect(documented(path)).toBe(spec.summary);
    expect('summary' in (await spec.handler())).toBe(false);
  });

  it('a group: its summary feeds the root help', () => {
    for (const group of groups) expect(find(group.name)?.description()).toBe(group.summary);
  });
});

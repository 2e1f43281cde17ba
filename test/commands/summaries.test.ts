// A command's summary is written once: a top-level command's in the table of contents
// (src/commands/index.ts), a subcommand's in its definition. That one place feeds the help and
// the generated reference (docs/commands.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { groups, topLevel } from '../../src/commands/index.js';
import { nullIo } from '../../src/completion/null-io.js';

const program = await buildProgram(nullIo({}));
const reference = readFileSync(join(import.meta.dirname, '../../docs/commands.md'), 'utf8');
const sub = (p: Command, name: string) => p.commands.find((c) => c.name() === name)!;

/** The paragraph under a command's heading in docs/commands.md. */
function documented(path: string): string | undefined {
  const at = reference.indexOf(`### \`masg ${path} `);
  return at < 0 ? undefined : reference.slice(at).split('\n\n')[1];
}

describe('command summaries', () => {
  it.each(topLevel.map((e) => [e.name, e] as const))('%s: the table of contents feeds help and docs', async (name, entry) => {
    const def = await entry.load();
    expect('summary' in def).toBe(false);
    expect(sub(program, name).description()).toBe(entry.summary);
    expect(documented(name)).toBe(entry.summary);
  });

  it('a group subcommand: its definition feeds help and docs', async () => {
    for (const group of groups) {
      for (const def of await group.load()) {
        const name = def.name.split(' ')[0];
        expect(sub(sub(program, group.name), name).description()).toBe(def.summary);
        expect(documented(`${group.name} ${name}`)).toBe(def.summary);
      }
    }
  });
});

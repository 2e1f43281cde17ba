// A command line declares only the section of commands its first word names (src/commands/registry.ts):
// the words each section claims must be exactly the names and aliases of its top-level commands,
// every command must be claimed by one section, and a command declared alone must be the one
// declared with every other (its options, arguments, subcommands and help).
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { SECTIONS, sectionOf } from '../../src/commands/registry.js';
import { nullIo } from '../../src/completion/null-io.js';

const full = await buildProgram(nullIo({}));
/** Declared with every command, yet claimed by no section: a command line naming them gets the whole program. */
const WHOLE_PROGRAM = ['help', 'version'];

/** What parsing and help see of a command, its subcommands included. */
function shape(cmd: Command): unknown {
  return {
    name: cmd.name(),
    aliases: cmd.aliases(),
    help: cmd.helpInformation(),
    options: cmd.options.map((o) => o.flags),
    args: cmd.registeredArguments.map((a) => a.name()),
    commands: cmd.commands.map(shape),
  };
}

describe('the command registry', () => {
  it('claims every top-level name and alias in exactly one section, and nothing else', () => {
    const claimed = SECTIONS.flatMap((s) => s.words);
    expect(new Set(claimed).size).toBe(claimed.length);
    const declared = full.commands.filter((c) => !WHOLE_PROGRAM.includes(c.name())).flatMap((c) => [c.name(), ...c.aliases()]);
    expect([...claimed].sort()).toEqual([...declared].sort());
    for (const word of WHOLE_PROGRAM) expect(sectionOf(word)).toBeUndefined();
  });

  it.each(full.commands.filter((c) => !WHOLE_PROGRAM.includes(c.name())).map((c) => [c.name(), c] as const))(
    '`masg %s …` declares its command alone, as it is declared with every other',
    async (name, declared) => {
      const program = await buildProgram(nullIo({}), ['--sandbox', '-o', 'csv', name, 'list', '--fields', 'id']);
      const alone = program.commands.find((c) => c.name() === name)!;
      expect(shape(alone)).toEqual(shape(declared));
      const section = sectionOf(name)!;
      for (const other of program.commands) expect([...section.words, 'version']).toContain(other.name());
    },
  );

  it('a word that names no command, no word, or global options that do not parse: every command, for commander to answer', async () => {
    for (const argv of [['pbu', 'list'], [], ['--sandbox'], ['--timeout', 'soon', 'pub', 'list'], ['help', 'pub']]) {
      const program = await buildProgram(nullIo({}), argv);
      expect(program.commands.map((c) => c.name())).toEqual(full.commands.map((c) => c.name()));
    }
  });
});

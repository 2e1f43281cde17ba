// The command registry: which section of declarations holds each first word of a command line,
// and how a section is declared on the commander program. A command line that names a command
// declares that command's section alone (program.ts): `masg pub stats` reads pub's declarations,
// and none of slot's, campaign's or the top-level commands' with their schemas' field flags and
// bulk options. Help, Tab's generator, the docs and a word that is no command's get every
// section, in this order (help order), then `masg help` (program.ts). A section, and `masg help`,
// is imported when it is declared, and a handler when its command runs;
// test/cli/registry.test.ts holds the words to the declarations.
import type { Command } from 'commander';
import type { Io } from '../context.js';
import type { CommandSpec, GroupSpec } from '../command-kit/define.js';
import { setExamples } from '../help/metadata.js';

/** Some commands' declarations: groups (`pub` and its subcommands) or top-level commands. */
export interface Section {
  groups?: GroupSpec[];
  commands?: CommandSpec[];
}

export interface SectionEntry {
  /** The names and aliases of its top-level commands: what a command line's first word may be. */
  words: readonly string[];
  load: () => Promise<Section>;
}

const group = (spec: GroupSpec): Section => ({ groups: [spec] });

export const SECTIONS: readonly SectionEntry[] = [
  { words: ['pub', 'publication'], load: async () => group((await import('./pub/index.js')).pubGroup) },
  { words: ['slot', 'adslot'], load: async () => group((await import('./slot/index.js')).slotGroup) },
  { words: ['adv', 'advertiser'], load: async () => group((await import('./adv/index.js')).advGroup) },
  { words: ['campaign'], load: async () => group((await import('./campaign/index.js')).campaignGroup) },
  {
    words: ['login', 'logout', 'whoami', 'profiles', 'switch', 'notify-url', 'api', 'sandbox', 'completion', 'sync', 'pulse', 'sql', 'mcp'],
    load: async () => ({ commands: (await import('./top-level.js')).topLevelCommands }),
  },
];

/** The section whose commands `word` names, or undefined (`help`, which needs every command, `version`, or no command's word). */
export function sectionOf(word: string | undefined): SectionEntry | undefined {
  return word === undefined ? undefined : SECTIONS.find((s) => s.words.includes(word));
}

export function declareSection(program: Command, section: Section, io: Io, version: string): void {
  for (const group of section.groups ?? []) {
    const parent = program.command(group.name).description(group.summary);
    if (group.aliases) parent.aliases(group.aliases);
    for (const spec of group.commands) declare(parent, spec, io, version);
    // A group's page (`masg pub --help`) shows the first example of each of its subcommands.
    setExamples(
      parent,
      group.commands.map((d) => d.examples[0]).filter((e): e is string => !!e),
    );
  }
  for (const spec of section.commands ?? []) declare(program, spec, io, version);
}

function declare(parent: Command, spec: CommandSpec, io: Io, version: string): void {
  const cmd = parent.command(spec.name).description(spec.summary);
  spec.configure?.(cmd);
  setExamples(cmd, spec.examples);
  for (const sub of spec.subcommands ?? []) declare(cmd, sub, io, version);
  cmd.action(async (...params: unknown[]) => {
    const [{ runCommand }, def] = await Promise.all([import('../command-kit/run.js'), spec.handler()]);
    await runCommand(params.at(-1) as Command, def, io, version);
  });
}

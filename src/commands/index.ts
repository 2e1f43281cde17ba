// Every command, registered once: its declaration (name, summary, options, examples) is cheap
// data that help, completion and the parser read; its handler is imported when it runs. So
// `masg --help` loads no handler, and a run loads its own and no other.
import type { Command } from 'commander';
import type { Io } from '../context.js';
import type { AnyCommandDef, CommandSpec, GroupSpec } from '../command-kit/define.js';
import { setExamples } from '../help/metadata.js';
import { registerHelp } from '../help/command.js';
import { pubCommands } from './pub/index.js';
import { slotCommands } from './slot/index.js';
import { advCommands } from './adv/index.js';
import { campaignCommands } from './campaign/index.js';
import { authCommands } from './auth/index.js';
import { topLevelCommands } from './top-level.js';

export const groups: GroupSpec[] = [
  { name: 'pub', summary: 'Publications: the mobile sites and apps that show ads', aliases: ['publication'], commands: pubCommands },
  { name: 'slot', summary: 'Ad slots: the places in a publication where ads show', aliases: ['adslot'], commands: slotCommands },
  { name: 'adv', summary: 'Advertisers of the account', aliases: ['advertiser'], commands: advCommands },
  { name: 'campaign', summary: "Advertisers' campaigns", commands: campaignCommands },
];

export const topLevel: CommandSpec[] = [...authCommands, ...topLevelCommands];

/** Every command with the words that run it ("pub list"), in help order. */
export function commandSpecs(): Array<{ path: string; spec: CommandSpec }> {
  return [
    ...groups.flatMap((g) => g.commands.map((spec) => ({ path: `${g.name} ${commandName(spec.name)}`, spec }))),
    ...topLevel.flatMap((spec) => [
      { path: commandName(spec.name), spec },
      ...(spec.subcommands ?? []).map((sub) => ({ path: `${commandName(spec.name)} ${commandName(sub.name)}`, spec: sub })),
    ]),
  ];
}

/** Every command's handler, for docs and tests that need them all. */
export async function commandTable(): Promise<Array<{ path: string; def: AnyCommandDef }>> {
  return Promise.all(commandSpecs().map(async ({ path, spec }) => ({ path, def: await spec.handler() })));
}

const commandName = (name: string): string => name.split(' ')[0];

export function registerCommands(program: Command, io: Io, version: string): void {
  for (const group of groups) {
    const parent = program.command(group.name).description(group.summary);
    if (group.aliases) parent.aliases(group.aliases);
    for (const spec of group.commands) declare(parent, spec, io, version);
  }
  for (const spec of topLevel) declare(program, spec, io, version);
  registerHelp(program, io, groups);
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

// Every command's declaration, all at once: for the docs, Tab's generator and the tests, which
// need every command (sync). A run declares only the section its command line names
// (registry.ts, program.ts), and a handler is imported when its command runs.
import type { AnyCommandDef, CommandSpec, GroupSpec } from '../command-kit/define.js';
import { pubGroup } from './pub/index.js';
import { slotGroup } from './slot/index.js';
import { advGroup } from './adv/index.js';
import { campaignGroup } from './campaign/index.js';
import { topLevelCommands } from './top-level.js';

export const groups: GroupSpec[] = [pubGroup, slotGroup, advGroup, campaignGroup];

export const topLevel: CommandSpec[] = topLevelCommands;

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

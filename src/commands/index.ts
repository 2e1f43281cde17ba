// The table of contents of masg: every command group and subcommand, registered in one flat list.
// Command modules hold only metadata and a handler; their heavy imports happen when they run.
import type { Command } from 'commander';
import type { Io } from '../context.js';
import type { GroupDef } from './define.js';
import { attach } from './run.js';
import { pubList } from './pub/list.js';
import { pubCreate } from './pub/create.js';
import { pubUpdate } from './pub/update.js';
import { pubStats } from './pub/stats.js';
import { pubView } from './pub/view.js';
import { slotList } from './slot/list.js';
import { slotCreate } from './slot/create.js';
import { slotUpdate } from './slot/update.js';
import { slotStats } from './slot/stats.js';
import { slotView } from './slot/view.js';
import { advList } from './adv/list.js';
import { campaignList } from './campaign/list.js';
import { campaignView } from './campaign/view.js';
import { campaignStats } from './campaign/stats.js';
import { login } from './auth/login.js';
import { logout } from './auth/logout.js';
import { whoami } from './auth/whoami.js';
import { profiles } from './auth/profiles.js';
import { sandbox } from './sandbox.js';
import { api } from './api.js';
import { completion } from './completion.js';
import { sync } from './sync.js';
import { sql } from './sql.js';
import { registerHelp } from './help.js';

export const groups: GroupDef[] = [
  {
    name: 'pub',
    summary: 'Publications: the mobile sites and apps that show ads',
    aliases: ['publication'],
    commands: [pubList, pubView, pubCreate, pubUpdate, pubStats],
  },
  {
    name: 'slot',
    summary: 'Ad slots: the places in a publication where ads show',
    aliases: ['adslot'],
    commands: [slotList, slotView, slotCreate, slotUpdate, slotStats],
  },
  { name: 'adv', summary: 'Advertisers of the account', aliases: ['advertiser'], commands: [advList] },
  { name: 'campaign', summary: "Advertisers' campaigns", commands: [campaignList, campaignView, campaignStats] },
];

export const topLevel: GroupDef['commands'] = [login, logout, whoami, profiles, api, sandbox, completion, sync, sql];

/**
 * Every command with the words that run it ("pub list", "login"), in help order: the one list
 * of handlers, for generated documentation and for tests that intercept a handler's run()
 * (test/cli/wiring.test.ts checks what each receives from the command line).
 */
export function commandTable(): Array<{ path: string; def: GroupDef['commands'][number] }> {
  return [
    ...groups.flatMap((g) => g.commands.map((def) => ({ path: `${g.name} ${commandName(def.name)}`, def }))),
    ...topLevel.map((def) => ({ path: commandName(def.name), def })),
  ];
}

/** "update <id>" → "update". */
const commandName = (name: string): string => name.split(' ')[0];

export function registerCommands(program: Command, io: Io, version: string): void {
  for (const group of groups) {
    const parent = program.command(group.name).description(group.summary);
    if (group.aliases) parent.aliases(group.aliases);
    for (const def of group.commands) attach(parent.command(def.name).description(def.summary), def, io, version);
  }
  for (const def of topLevel) attach(program.command(def.name).description(def.summary), def, io, version);
  // Last: `masg help` offers the names of all the commands above and adds the group examples.
  registerHelp(program, io, groups);
}

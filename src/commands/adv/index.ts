// The `adv` group's commands in help order: what they take, declared for help and parsing; each
// handler is imported when its command runs (see src/commands/registry.ts).
import type { CommandSpec, GroupSpec } from '../../command-kit/define.js';
import { addListOptions } from '../../command-kit/out-option.js';

export const advCommands: CommandSpec[] = [
  {
    name: 'list',
    summary: 'List the advertisers of the account with their budgets and balance',
    configure: (cmd) => addListOptions(cmd),
    examples: ['masg adv list', 'masg adv list -o json'],
    handler: async () => (await import('./list.js')).advList,
  },
  {
    name: 'view',
    summary: 'Show one advertiser with its budget and balance',
    configure: (cmd) => cmd.argument('<id>', 'advertiser ID, or the first 4+ characters of it (see `masg adv list`)'),
    examples: ['masg adv view c42a', 'masg adv view c42a -o json'],
    handler: async () => (await import('./view.js')).advView,
  },
];

export const advGroup: GroupSpec = { name: 'adv', summary: 'Advertisers of the account', aliases: ['advertiser'], commands: advCommands };

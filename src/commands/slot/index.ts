// The `slot` group's commands in help order: what they take, declared for help and parsing; each
// handler is imported when its command runs (see src/commands/registry.ts).
import type { CommandSpec, GroupSpec } from '../../command-kit/define.js';
import { addFieldOptions } from '../../command-kit/field-options.js';
import { addListOptions } from '../../command-kit/out-option.js';
import { addBulkOptions } from '../../bulk/options.js';
import { adSlotSchema } from '../../schema/adslot.js';
import { addStatsOptions } from '../stats/options.js';

export const slotCommands: CommandSpec[] = [
  {
    name: 'list',
    summary: 'List ad slots, of one publication or of the whole account',
    configure: (cmd) =>
      addListOptions(
        cmd
          .argument('[publicationId]', 'only the ad slots of this publication: ID or its first 4+ characters (see `masg pub list`)')
          .option('--publication <id>', 'the same as [publicationId]'),
      ),
    examples: ['masg slot list', 'masg slot list 0378', 'masg slot list -o csv > slots.csv'],
    handler: async () => (await import('./list.js')).slotList,
  },
  {
    name: 'view',
    summary: 'Show one ad slot with its publication, formats and tags',
    configure: (cmd) => cmd.argument('<id>', 'ad slot ID, or the first 4+ characters of it (see `masg slot list`)'),
    examples: ['masg slot view 0653', 'masg slot view 0653 -o json'],
    handler: async () => (await import('./view.js')).slotView,
  },
  {
    name: 'create',
    summary: 'Create an ad slot in a publication',
    configure: (cmd) =>
      // The field flags come from the ad slot schema (src/schema/adslot.ts).
      addBulkOptions(addFieldOptions(cmd, adSlotSchema, 'create'), 'create ad slots'),
    examples: [
      'masg slot create --publication 0378 --name "Top banner" --formats banner,text',
      'masg slot create --from new-slots.csv --results created.csv',
    ],
    handler: async () => (await import('./create.js')).slotCreate,
  },
  {
    name: 'update',
    summary: 'Change the name, formats or tags of an ad slot',
    configure: (cmd) =>
      addBulkOptions(
        // Optional: --from takes the IDs from the file instead.
        addFieldOptions(cmd.argument('[id]', 'ad slot ID, or its first 4+ characters'), adSlotSchema, 'update'),
        'update ad slots',
      ),
    examples: [
      'masg slot update 0653 --formats banner,iab300x250',
      'masg slot update 0653 --tags ""',
      'masg slot update --from slots.csv --dry-run',
    ],
    handler: async () => (await import('./update.js')).slotUpdate,
  },
  {
    name: 'stats',
    summary: 'Requests, impressions, clicks and earnings of one ad slot',
    configure: (cmd) => {
      cmd.argument('<id>', 'ad slot ID, or its first 4+ characters');
      cmd.option('--by-country', 'one row per country with traffic');
      addStatsOptions(cmd);
    },
    examples: [
      'masg slot stats 0653 --date yesterday --by-country',
      'masg slot stats 0653 --from -7d --to yesterday --interval day -o csv',
    ],
    handler: async () => (await import('./stats.js')).slotStats,
  },
];

export const slotGroup: GroupSpec = {
  name: 'slot',
  summary: 'Ad slots: the places in a publication where ads show',
  aliases: ['adslot'],
  commands: slotCommands,
};

// The `campaign` group's commands in help order: what they take, declared for help and parsing;
// each handler is imported when its command runs (see src/commands/registry.ts).
import type { CommandSpec, GroupSpec } from '../../command-kit/define.js';
import { addListOptions } from '../../command-kit/out-option.js';
import { addStatsOptions } from '../stats/options.js';

export const campaignCommands: CommandSpec[] = [
  {
    name: 'list',
    summary: 'List the campaigns of an advertiser, or of every advertiser',
    configure: (cmd) =>
      addListOptions(
        cmd
          .argument('[advertiserId]', "advertiser ID or its first 4+ characters (see `masg adv list`); none: every advertiser's campaigns")
          .option('--advertiser <id>', 'the same as [advertiserId]'),
      ),
    examples: ['masg campaign list', 'masg campaign list c42a', 'masg campaign list c42a -o csv --fields id,name,status,overallBudget'],
    handler: async () => (await import('./list.js')).campaignList,
  },
  {
    name: 'view',
    summary: 'Show one campaign with its dates and budgets',
    configure: (cmd) => cmd.argument('<id>', 'campaign ID, or the first 4+ characters of it (see `masg campaign list`)'),
    examples: ['masg campaign view 7bee', 'masg campaign view 7bee -o json'],
    handler: async () => (await import('./view.js')).campaignView,
  },
  {
    name: 'stats',
    summary: 'Impressions, clicks, conversions, CTR, eCPM and spend of a campaign',
    configure: (cmd) => {
      cmd.argument('<id>', 'campaign ID, or its first 4+ characters');
      addStatsOptions(cmd);
    },
    examples: [
      'masg campaign stats 7bee --date yesterday',
      'masg campaign stats 7bee --from -30d --to yesterday --interval day -o csv --out spend.csv',
    ],
    handler: async () => (await import('./stats.js')).campaignStats,
  },
];

export const campaignGroup: GroupSpec = { name: 'campaign', summary: "Advertisers' campaigns", commands: campaignCommands };

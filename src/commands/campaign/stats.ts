import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { addStatsOptions, type StatsFlags } from '../stats/options.js';

export const campaignStats = defineCommand<StatsFlags>({
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
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    return runStats(ctx, opts, {
      kind: 'campaign',
      columnOptions: {},
      target: { kind: 'campaign', raw: rawId, label: '<id>' },
      fetch: (sdk, range, id) => sdk.campaignStats(id!, range),
      describe: (sdk, range, id) => sdk.campaignStats(id!, range, { dryRun: true }),
    });
  },
});

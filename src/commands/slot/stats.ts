import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { addStatsOptions, type StatsFlags } from '../stats/options.js';

export interface SlotStatsOptions extends StatsFlags {
  byCountry?: boolean;
}

export const slotStats = defineCommand<SlotStatsOptions>({
  name: 'stats',
  summary: 'Requests, impressions, clicks and earnings of one ad slot',
  configure: (cmd) => {
    cmd.argument('<id>', 'ad slot ID, or its first 4+ characters');
    cmd.option('--by-country', 'one row per country with traffic');
    addStatsOptions(cmd);
  },
  examples: ['masg slot stats 0653 --date yesterday --by-country', 'masg slot stats 0653 --from -7d --to yesterday --interval day -o csv'],
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    const byCountry = opts.byCountry === true;
    return runStats(ctx, opts, {
      kind: 'adslot',
      columnOptions: { byCountry },
      target: { kind: 'adslot', raw: rawId, label: '<id>' },
      fetch: (sdk, range, id) => sdk.adSlotStats(id!, { ...range, byCountry }),
      describe: (sdk, range, id) => sdk.adSlotStats(id!, { ...range, byCountry }, { dryRun: true }),
    });
  },
});

import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { type StatsFlags, STATS_SUPPORTS } from '../stats/options.js';

export const campaignStats = defineCommand<StatsFlags>({
  supports: STATS_SUPPORTS,
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    return runStats(ctx, opts, {
      kind: 'campaign',
      columnOptions: {},
      target: { kind: 'campaign', raw: rawId, label: '<id>' },
      call: (sdk, range, id, mode) => sdk.campaignStats(id!, range, mode),
    });
  },
});

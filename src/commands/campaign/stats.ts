import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { type StatsFlags } from '../stats/options.js';

export const campaignStats = defineCommand<StatsFlags>({
  supports: { raw: true, dryRun: true },
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

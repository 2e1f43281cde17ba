import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { type StatsFlags, STATS_SUPPORTS } from '../stats/options.js';

export interface SlotStatsOptions extends StatsFlags {
  byCountry?: boolean;
}

export const slotStats = defineCommand<SlotStatsOptions>({
  supports: STATS_SUPPORTS,
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    const byCountry = opts.byCountry === true;
    return runStats(ctx, opts, {
      kind: 'adslot',
      columnOptions: { byCountry },
      target: { kind: 'adslot', raw: rawId, label: '<id>' },
      call: (sdk, range, id, mode) => sdk.adSlotStats(id!, { ...range, byCountry }, mode),
    });
  },
});

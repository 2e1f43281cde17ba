import { LEVELS } from '../../schema/enums.js';
import { oneOf } from '../../schema/rules.js';
import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { type StatsFlags, STATS_SUPPORTS } from '../stats/options.js';

export interface PubStatsOptions extends StatsFlags {
  level?: string;
  byCountry?: boolean;
}

export const pubStats = defineCommand<PubStatsOptions>({
  supports: STATS_SUPPORTS,
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    const level = oneOf('--level', opts.level ?? 'publication', LEVELS);
    const byCountry = opts.byCountry === true;
    return runStats(ctx, opts, {
      kind: 'publisher',
      columnOptions: { level, byCountry },
      target: rawId === undefined ? undefined : { kind: 'publication', raw: rawId, label: '[id]' },
      call: (sdk, range, id, mode) => sdk.publicationStats({ ...range, level, byCountry, publication: id }, mode),
    });
  },
});

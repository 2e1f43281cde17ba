import { Option } from 'commander';
import { LEVELS } from '../../schema/enums.js';
import { oneOf } from '../../schema/rules.js';
import { defineCommand } from '../../command-kit/define.js';
import { runStats } from '../stats/export.js';
import { addStatsOptions, type StatsFlags } from '../stats/options.js';

export interface PubStatsOptions extends StatsFlags {
  level?: string;
  byCountry?: boolean;
}

export const pubStats = defineCommand<PubStatsOptions>({
  name: 'stats',
  summary: 'Requests, impressions, clicks and earnings of every publication, or of one',
  configure: (cmd) => {
    cmd.argument('[id]', 'only this publication (its ID or first 4+ characters)');
    cmd.addOption(new Option('--level <level>', `one row per ${LEVELS.join(' or per ')}`).default('publication'));
    cmd.option('--by-country', 'one row per country with traffic');
    addStatsOptions(cmd);
  },
  examples: [
    'masg pub stats --date yesterday',
    'masg pub stats 0378 --from -30d --to yesterday --interval day',
    'masg pub stats --date yesterday --level adslot --by-country --out yesterday.csv',
  ],
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    const level = oneOf('--level', opts.level ?? 'publication', LEVELS);
    const byCountry = opts.byCountry === true;
    return runStats(ctx, opts, {
      kind: 'publisher',
      columnOptions: { level, byCountry },
      target: rawId === undefined ? undefined : { kind: 'publication', raw: rawId, label: '[id]' },
      fetch: (sdk, range, id) => sdk.publicationStats({ ...range, level, byCountry, publication: id }),
      describe: (sdk, range, id) => sdk.publicationStats({ ...range, level, byCountry, publication: id }, { dryRun: true }),
    });
  },
});

// The `pub` group's commands in help order: what they take, declared for help and parsing; each
// handler is imported when its command runs (see src/commands/registry.ts).
import { Option } from 'commander';
import type { CommandSpec, GroupSpec } from '../../command-kit/define.js';
import { addListOptions } from '../../command-kit/out-option.js';
import { addBulkOptions } from '../../bulk/options.js';
import { completeWith } from '../../completion/hints.js';
import { LEVELS, PUBLICATION_LIST_STATUSES } from '../../schema/enums.js';
import { addStatsOptions } from '../stats/options.js';
import { addPublicationOptions } from './fields.js';

export const pubCommands: CommandSpec[] = [
  {
    name: 'list',
    summary: 'List the publications of the account, sorted by name',
    configure: (cmd) =>
      // Not commander's .choices(): it would refuse "active"; the handler's oneOf() normalises case.
      addListOptions(
        cmd.addOption(
          completeWith(new Option('--status <status>', `only publications with this status (${PUBLICATION_LIST_STATUSES.join(', ')})`), {
            values: PUBLICATION_LIST_STATUSES,
          }),
        ),
      ),
    examples: [
      'masg pub list',
      'masg pub list --status ACTIVE',
      'masg pub list -o csv > publications.csv',
      'masg pub list --status PAUSED --out paused.csv',
    ],
    handler: async () => (await import('./list.js')).pubList,
  },
  {
    name: 'view',
    summary: 'Show one publication with all its fields',
    configure: (cmd) => cmd.argument('<id>', 'publication ID, or the first 4+ characters of it (see `masg pub list`)'),
    examples: ['masg pub view 0378', 'masg pub view 0378 -o json', 'masg pub view 0378 --raw xml'],
    handler: async () => (await import('./view.js')).pubView,
  },
  {
    name: 'create',
    summary: 'Create a publication (it starts PENDING until approved)',
    configure: (cmd) => addPublicationOptions(cmd, 'create'),
    examples: [
      'masg pub create --name "Daily News" --type MOBILE_SITE --url https://m.example.com --description "News for commuters" --transparent false',
      'masg pub create --name "Puzzle Game" --type ANDROID_APP --description "Word puzzles" --transparent true --languages en,es',
    ],
    handler: async () => (await import('./create.js')).pubCreate,
  },
  {
    name: 'update',
    summary: 'Change fields or the status of a publication',
    configure: (cmd) => {
      // Optional and variadic: one ID, several (the same change to each), or none with --from.
      cmd.argument('[id...]', 'publication ID(s), each in full or its first 4+ characters');
      addPublicationOptions(cmd, 'update');
      cmd.option('-y, --yes', 'do not ask for confirmation (needed for --status STOPPED without a terminal)');
      addBulkOptions(cmd, 'update publications');
    },
    examples: [
      'masg pub update 0378 --status PAUSED',
      'masg pub update 0378 --name "Daily News Lite" --languages en,fr',
      'masg pub update 0378 31b7 b823 --status PAUSED --continue-on-error',
      'masg pub update --from publications.csv --dry-run',
    ],
    handler: async () => (await import('./update.js')).pubUpdate,
  },
  {
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
    handler: async () => (await import('./stats.js')).pubStats,
  },
];

export const pubGroup: GroupSpec = {
  name: 'pub',
  summary: 'Publications: the mobile sites and apps that show ads',
  aliases: ['publication'],
  commands: pubCommands,
};

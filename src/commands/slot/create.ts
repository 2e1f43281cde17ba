import type { AdSlotCreate } from '../../sdk/types.js';
import { validateAdSlot } from '../../validate/adslot.js';
import { Option } from 'commander';
import { completeWith } from '../../completion/hints.js';
import { AD_FORMATS } from '../../validate/enums.js';
import { flagLabel } from '../../validate/rules.js';
import { adSlotColumns } from '../columns.js';
import { defineCommand } from '../define.js';
import { rawOr } from '../raw.js';
import { resolveId } from '../resolve-id.js';
import { addBulkOptions, checkFromAlone, type BulkOptions } from '../../bulk/options.js';

export interface SlotCreateOptions {
  publication?: string;
  name?: string;
  formats?: string;
  tags?: string;
}

export const slotCreate = defineCommand<SlotCreateOptions>({
  name: 'create',
  summary: 'Create an ad slot in a publication',
  configure: (cmd) =>
    addBulkOptions(
      cmd
        .option('--publication <id>', 'ID of the publication, or its first 4+ characters (required)')
        .option('--name <name>', 'name, at most 255 characters (required)')
        .addOption(
          completeWith(new Option('--formats <list>', `comma-separated: ${AD_FORMATS.join(', ')} (required)`), {
            values: AD_FORMATS,
            list: true,
          }),
        )
        .option('--tags <list>', 'comma-separated tags, each at most 255 characters'),
      'create ad slots',
    ),
  examples: [
    'masg slot create --publication 3f2c… --name "Top banner" --formats banner,text --tags sports,news',
    'masg slot create --from new-slots.csv --results created.csv',
  ],
  // --from prints result rows of its own.
  columns: (opts) => ((opts as BulkOptions).from === undefined ? adSlotColumns : undefined),
  async run(ctx, opts) {
    // The bulk flags are not fields: kept out of the options type that is validated as one.
    const bulk = opts as BulkOptions;
    if (bulk.from !== undefined) {
      checkFromAlone([], { publication: opts.publication, name: opts.name, formats: opts.formats, tags: opts.tags }, '');
      return (await import('../../bulk/create-from.js')).createFromFile(ctx, { ...bulk, from: bulk.from });
    }
    const input = validateAdSlot({ ...opts }, 'create', flagLabel);
    input.publication = await resolveId(ctx, 'publication', input.publication!, '--publication');
    const { adSlotRequests } = await import('../../sdk/requests.js');
    return rawOr(ctx, adSlotRequests.create(input), async (client) => ({
      kind: 'record',
      columns: adSlotColumns,
      row: { ...(await client.createAdSlot(input as AdSlotCreate)) },
    }));
  },
});

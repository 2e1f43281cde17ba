import { validateAdSlot } from '../../validate/adslot.js';
import { Option } from 'commander';
import { completeWith } from '../../completion/hints.js';
import { AD_FORMATS } from '../../validate/enums.js';
import { flagLabel } from '../../validate/rules.js';
import { adSlotColumns } from '../columns.js';
import { defineCommand } from '../define.js';
import { rawOr } from '../raw.js';

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
    cmd
      .option('--publication <id>', 'ID of the publication (required)')
      .option('--name <name>', 'name, at most 255 characters (required)')
      .addOption(completeWith(new Option('--formats <list>', `comma-separated: ${AD_FORMATS.join(', ')} (required)`), { values: AD_FORMATS, list: true }))
      .option('--tags <list>', 'comma-separated tags, each at most 255 characters'),
  examples: ['masg slot create --publication 3f2c… --name "Top banner" --formats banner,text --tags sports,news'],
  columns: adSlotColumns,
  async run(ctx, opts) {
    const input = validateAdSlot({ ...opts }, 'create', flagLabel);
    const { createAdSlot, adSlotRequests } = await import('../../api/adslots.js');
    return rawOr(ctx, adSlotRequests.create(input), async (client) => ({
      kind: 'record',
      columns: adSlotColumns,
      row: { ...(await createAdSlot(client, input)) },
    }));
  },
});

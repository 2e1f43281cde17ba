import { adSlotColumns, adSlotColumnsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { addOutOption, type ListOptions } from '../../command-kit/list-result.js';
import { PUBLICATION_OWNER, namedList } from '../../command-kit/owner-names.js';
import { rawOr } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export interface SlotListOptions extends ListOptions {
  publication?: string;
}

export const slotList = defineCommand<SlotListOptions>({
  name: 'list',
  summary: 'List ad slots, of one publication or of the whole account',
  configure: (cmd) => addOutOption(cmd.option('--publication <id>', 'only the ad slots of this publication (ID or 4+ first characters)')),
  examples: ['masg slot list', 'masg slot list --publication 0378', 'masg slot list -o csv > slots.csv'],
  columns: adSlotColumnsNamed,
  async run(ctx, opts) {
    const publication = opts.publication === undefined ? undefined : await resolveId(ctx, 'publication', opts.publication, '--publication');
    const { adSlotRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      adSlotRequests.list({ publication }),
      (client) =>
        namedList(
          ctx,
          client.listAdSlots({ publication }),
          { entity: 'ad slots', columns: adSlotColumns, named: adSlotColumnsNamed, out: opts.out },
          PUBLICATION_OWNER,
        ),
      { out: opts.out, dryRun: (client) => client.listAdSlots({ publication }, { dryRun: true }) },
    );
  },
});

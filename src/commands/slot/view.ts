import { adSlotColumns, adSlotColumnsNamed } from '../columns.js';
import { defineCommand } from '../define.js';
import { PUBLICATION_OWNER, namedRecord } from '../owner-names.js';
import { rawOr } from '../raw.js';
import { resolveId } from '../resolve-id.js';

export const slotView = defineCommand<Record<string, never>>({
  name: 'view',
  summary: 'Show one ad slot with its publication, formats and tags',
  configure: (cmd) => cmd.argument('<id>', 'ad slot ID, or the first 4+ characters of it (see `masg slot list`)'),
  examples: ['masg slot view 0653', 'masg slot view 0653 -o json'],
  columns: adSlotColumnsNamed,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'adslot', rawId, '<id>');
    const { adSlotRequests } = await import('../../sdk/requests.js');
    return rawOr(ctx, adSlotRequests.view(id), (client) =>
      namedRecord(ctx, { columns: adSlotColumns, named: adSlotColumnsNamed, owner: PUBLICATION_OWNER }, () => client.getAdSlot(id)),
    );
  },
});

import { adSlotColumns, adSlotColumnsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { PUBLICATION_OWNER, namedRecord } from '../../command-kit/owner-names.js';
import { rawOr } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const slotView = defineCommand<Record<string, never>>({
  columns: adSlotColumnsNamed,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'adslot', rawId, '<id>');
    const { adSlotRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      adSlotRequests.view(id),
      (client) =>
        namedRecord(ctx, { columns: adSlotColumns, named: adSlotColumnsNamed, owner: PUBLICATION_OWNER }, () => client.getAdSlot(id)),
      { dryRun: (client) => client.getAdSlot(id, { dryRun: true }) },
    );
  },
});

import { adSlotColumns, adSlotColumnsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { PUBLICATION_OWNER, namedRecord } from '../../command-kit/owner-names.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const slotView = defineCommand<Record<string, never>>({
  supports: { raw: true, dryRun: true },
  columns: adSlotColumnsNamed,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'adslot', rawId, '<id>');
    return sdkCall(
      ctx,
      (client, mode) => client.getAdSlot(id, mode),
      (slot) => namedRecord(ctx, { columns: adSlotColumns, named: adSlotColumnsNamed, owner: PUBLICATION_OWNER }, slot),
    );
  },
});

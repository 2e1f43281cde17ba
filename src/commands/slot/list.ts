import { adSlotColumns, adSlotColumnsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { checkOut, parentFilter, type ListOptions } from '../../command-kit/list-result.js';
import { PUBLICATION_OWNER, namedList } from '../../command-kit/owner-names.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export interface SlotListOptions extends ListOptions {
  publication?: string;
}

export const slotList = defineCommand<SlotListOptions>({
  supports: { raw: true, dryRun: true },
  columns: adSlotColumnsNamed,
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    checkOut(ctx, opts);
    const parent = parentFilter(rawId, opts.publication, '--publication', '[publicationId]');
    const publication = parent && (await resolveId(ctx, 'publication', parent.raw, parent.label));
    return sdkCall(
      ctx,
      (client, mode) => client.listAdSlots({ publication }, mode),
      (list) =>
        namedList(ctx, list(), { entity: 'ad slots', columns: adSlotColumns, named: adSlotColumnsNamed, out: opts.out }, PUBLICATION_OWNER),
      { out: opts.out },
    );
  },
});

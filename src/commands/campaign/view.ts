import { campaignColumns, campaignColumnsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { ADVERTISER_OWNER, namedRecord } from '../../command-kit/owner-names.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const campaignView = defineCommand<Record<string, never>>({
  supports: { raw: true, dryRun: true },
  columns: campaignColumnsNamed,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'campaign', rawId, '<id>');
    return sdkCall(
      ctx,
      (client, mode) => client.getCampaign(id, mode),
      (campaign) => namedRecord(ctx, { columns: campaignColumns, named: campaignColumnsNamed, owner: ADVERTISER_OWNER }, campaign),
    );
  },
});

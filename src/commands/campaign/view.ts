import { campaignColumns, campaignColumnsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { ADVERTISER_OWNER, namedRecord } from '../../command-kit/owner-names.js';
import { rawOr } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const campaignView = defineCommand<Record<string, never>>({
  columns: campaignColumnsNamed,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'campaign', rawId, '<id>');
    const { campaignRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      campaignRequests.view(id),
      (client) =>
        namedRecord(ctx, { columns: campaignColumns, named: campaignColumnsNamed, owner: ADVERTISER_OWNER }, () => client.getCampaign(id)),
      { dryRun: (client) => client.getCampaign(id, { dryRun: true }) },
    );
  },
});

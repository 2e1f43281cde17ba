import { campaignColumns } from '../columns.js';
import { defineCommand } from '../define.js';
import { rawOr } from '../raw.js';
import { resolveId } from '../resolve-id.js';

export const campaignView = defineCommand<Record<string, never>>({
  name: 'view',
  summary: 'Show one campaign with its dates and budgets',
  configure: (cmd) => cmd.argument('<id>', 'campaign ID, or the first 4+ characters of it (see `masg campaign list`)'),
  examples: ['masg campaign view 7bee', 'masg campaign view 7bee -o json'],
  columns: campaignColumns,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'campaign', rawId, '<id>');
    const { campaignRequests } = await import('../../sdk/requests.js');
    return rawOr(ctx, campaignRequests.view(id), async (client) => ({
      kind: 'record',
      columns: campaignColumns,
      row: { ...(await client.getCampaign(id)) },
    }));
  },
});

import { id as checkId } from '../../validate/rules.js';
import { campaignColumns, campaignTableFields } from '../columns.js';
import { defineCommand } from '../define.js';
import { rawOr } from '../raw.js';

export const campaignList = defineCommand<Record<string, never>>({
  name: 'list',
  summary: 'List the campaigns of an advertiser',
  configure: (cmd) => cmd.argument('<advertiserId>', 'advertiser ID (see `masg adv list`)'),
  examples: ['masg campaign list 7c9d…', 'masg campaign list 7c9d… -o csv --fields id,name,status,overallBudget'],
  columns: campaignColumns,
  async run(ctx, _opts, [rawId]) {
    const advertiserId = checkId('<advertiserId>', rawId!);
    const { listCampaigns, campaignRequests } = await import('../../api/campaigns.js');
    return rawOr(ctx, campaignRequests.list(advertiserId), async (client) => ({
      kind: 'rows',
      entity: 'campaigns',
      columns: campaignColumns,
      tableFields: campaignTableFields,
      rows: await listCampaigns(client, advertiserId),
    }));
  },
});

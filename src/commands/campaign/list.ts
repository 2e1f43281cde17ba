import { id as checkId } from '../../validate/rules.js';
import { campaignColumns, campaignTableFields } from '../columns.js';
import { defineCommand } from '../define.js';
import { addOutOption, checkOut, streamedList, type ListOptions } from '../list-result.js';
import { rawOr } from '../raw.js';

export const campaignList = defineCommand<ListOptions>({
  name: 'list',
  summary: 'List the campaigns of an advertiser',
  configure: (cmd) => addOutOption(cmd.argument('<advertiserId>', 'advertiser ID (see `masg adv list`)')),
  examples: ['masg campaign list 7c9d…', 'masg campaign list 7c9d… -o csv --fields id,name,status,overallBudget'],
  columns: campaignColumns,
  async run(ctx, opts, [rawId]) {
    const advertiserId = checkId('<advertiserId>', rawId!);
    checkOut(ctx, opts);
    const { listCampaigns, campaignRequests } = await import('../../api/campaigns.js');
    return rawOr(ctx, campaignRequests.list(advertiserId), async (client) =>
      streamedList(listCampaigns(client, advertiserId), { entity: 'campaigns', columns: campaignColumns, tableFields: campaignTableFields, out: opts.out }));
  },
});

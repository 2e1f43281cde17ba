import { campaignColumns, campaignColumnsNamed, campaignTableFieldsNamed } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { addOutOption, type ListOptions } from '../../command-kit/list-result.js';
import { ADVERTISER_OWNER, namedList } from '../../command-kit/owner-names.js';
import { rawOr } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const campaignList = defineCommand<ListOptions>({
  name: 'list',
  summary: 'List the campaigns of an advertiser',
  configure: (cmd) => addOutOption(cmd.argument('<advertiserId>', 'advertiser ID, or the first 4+ characters of it (see `masg adv list`)')),
  examples: ['masg campaign list c42a', 'masg campaign list c42a -o csv --fields id,name,status,overallBudget'],
  columns: campaignColumnsNamed,
  async run(ctx, opts, [rawId]) {
    const advertiserId = await resolveId(ctx, 'advertiser', rawId, '<advertiserId>');
    const { campaignRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      campaignRequests.list(advertiserId),
      (client) =>
        namedList(
          ctx,
          client.listCampaigns(advertiserId),
          {
            entity: 'campaigns',
            columns: campaignColumns,
            named: campaignColumnsNamed,
            tableFields: campaignTableFieldsNamed,
            out: opts.out,
          },
          ADVERTISER_OWNER,
        ),
      { out: opts.out, dryRun: (client) => client.listCampaigns(advertiserId, { dryRun: true }) },
    );
  },
});

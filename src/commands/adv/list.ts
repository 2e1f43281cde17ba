import { advertiserColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { writeList, type ListOptions } from '../../command-kit/list-result.js';
import { rawOr } from '../../command-kit/raw.js';

export const advList = defineCommand<ListOptions>({
  columns: advertiserColumns,
  accounts: 'each',
  async run(ctx, opts) {
    const { advertiserRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      advertiserRequests.list(),
      (client) => writeList(ctx, client.listAdvertisers().batches(), { entity: 'advertisers', columns: advertiserColumns, out: opts.out }),
      { out: opts.out, dryRun: (client) => client.listAdvertisers({ dryRun: true }) },
    );
  },
});

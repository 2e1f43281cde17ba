import { advertiserColumns } from '../columns.js';
import { defineCommand } from '../define.js';
import { addOutOption, checkOut, writeList, type ListOptions } from '../list-result.js';
import { rawOr } from '../raw.js';

export const advList = defineCommand<ListOptions>({
  name: 'list',
  summary: 'List the advertisers of the account with their budgets and balance',
  configure: (cmd) => addOutOption(cmd),
  examples: ['masg adv list', 'masg adv list -o json'],
  columns: advertiserColumns,
  async run(ctx, opts) {
    checkOut(ctx, opts);
    const { advertiserRequests } = await import('../../sdk/requests.js');
    return rawOr(ctx, advertiserRequests.list(), (client) =>
      writeList(ctx, client.listAdvertisers().batches(), { entity: 'advertisers', columns: advertiserColumns, out: opts.out }),
    );
  },
});

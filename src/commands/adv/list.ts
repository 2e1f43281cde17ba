import { advertiserColumns } from '../columns.js';
import { defineCommand } from '../define.js';
import { rawOr } from '../raw.js';

export const advList = defineCommand<Record<string, never>>({
  name: 'list',
  summary: 'List the advertisers of the account with their budgets and balance',
  examples: ['masg adv list', 'masg adv list -o json'],
  columns: advertiserColumns,
  async run(ctx) {
    const { listAdvertisers, advertiserRequests } = await import('../../api/advertisers.js');
    return rawOr(ctx, advertiserRequests.list(), async (client) => ({
      kind: 'rows',
      entity: 'advertisers',
      columns: advertiserColumns,
      rows: await listAdvertisers(client),
    }));
  },
});

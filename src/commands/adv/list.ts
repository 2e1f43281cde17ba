import { advertiserColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { writeList, type ListOptions } from '../../command-kit/list-result.js';
import { sdkCall } from '../../command-kit/raw.js';

export const advList = defineCommand<ListOptions>({
  supports: { raw: true, dryRun: true },
  columns: advertiserColumns,
  accounts: 'each',
  async run(ctx, opts) {
    return sdkCall(
      ctx,
      (client, mode) => client.listAdvertisers(mode),
      (list) => writeList(ctx, list().batches(), { entity: 'advertisers', columns: advertiserColumns, out: opts.out }),
      { out: opts.out },
    );
  },
});

import { PUBLICATION_LIST_STATUSES } from '../../schema/enums.js';
import { oneOf } from '../../schema/rules.js';
import { publicationColumns, publicationTableFields } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { checkOut, writeList, type ListOptions } from '../../command-kit/list-result.js';
import { sdkCall } from '../../command-kit/raw.js';

export interface PubListOptions extends ListOptions {
  status?: string;
}

export const pubList = defineCommand<PubListOptions>({
  supports: { raw: true, dryRun: true },
  columns: publicationColumns,
  accounts: 'each',
  async run(ctx, opts) {
    const status = opts.status === undefined ? undefined : oneOf('--status', opts.status, PUBLICATION_LIST_STATUSES);
    checkOut(ctx, opts);
    return sdkCall(
      ctx,
      (client, mode) => client.listPublications({ status }, mode),
      (list) =>
        writeList(ctx, list().batches(), {
          entity: 'publications',
          columns: publicationColumns,
          tableFields: publicationTableFields,
          out: opts.out,
        }),
      { out: opts.out },
    );
  },
});

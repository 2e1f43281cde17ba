import { Option } from 'commander';
import { completeWith } from '../../completion/hints.js';
import { PUBLICATION_LIST_STATUSES } from '../../schema/enums.js';
import { oneOf } from '../../schema/rules.js';
import { publicationColumns, publicationTableFields } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { addListOptions, checkOut, writeList, type ListOptions } from '../../command-kit/list-result.js';
import { rawOr } from '../../command-kit/raw.js';

export interface PubListOptions extends ListOptions {
  status?: string;
}

export const pubList = defineCommand<PubListOptions>({
  name: 'list',
  summary: 'List the publications of the account, sorted by name',
  configure: (cmd) =>
    // Not commander's .choices(): it would refuse "active"; the rule below normalises case.
    addListOptions(
      cmd.addOption(
        completeWith(new Option('--status <status>', `only publications with this status (${PUBLICATION_LIST_STATUSES.join(', ')})`), {
          values: PUBLICATION_LIST_STATUSES,
        }),
      ),
    ),
  examples: [
    'masg pub list',
    'masg pub list --status ACTIVE',
    'masg pub list -o csv > publications.csv',
    'masg pub list --status PAUSED --out paused.csv',
  ],
  columns: publicationColumns,
  accounts: 'each',
  async run(ctx, opts) {
    const status = opts.status === undefined ? undefined : oneOf('--status', opts.status, PUBLICATION_LIST_STATUSES);
    checkOut(ctx, opts);
    const { publicationRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      publicationRequests.list({ status }),
      (client) =>
        writeList(ctx, client.listPublications({ status }).batches(), {
          entity: 'publications',
          columns: publicationColumns,
          tableFields: publicationTableFields,
          out: opts.out,
        }),
      { out: opts.out, dryRun: (client) => client.listPublications({ status }, { dryRun: true }) },
    );
  },
});

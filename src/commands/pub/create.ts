import type { PublicationCreate } from '../../sdk/types.js';
import { validatePublication } from '../../schema/publication.js';
import { flagLabel } from '../../schema/rules.js';
import { publicationColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { rawOr } from '../../command-kit/raw.js';
import { pickPublicationFields } from './fields.js';

export const pubCreate = defineCommand<Record<string, string>>({
  columns: publicationColumns,
  async run(ctx, opts) {
    const input = validatePublication(pickPublicationFields(opts), 'create', flagLabel);
    const { publicationRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      publicationRequests.create(input),
      async (client) => ({
        kind: 'record',
        columns: publicationColumns,
        row: {
          ...(await client.createPublication(
            input as unknown as PublicationCreate,
          )) /* checked strings: the SDK's rules pass them as they are */,
        },
      }),
      { dryRun: (client) => client.createPublication(input as unknown as PublicationCreate, { dryRun: true }) },
    );
  },
});

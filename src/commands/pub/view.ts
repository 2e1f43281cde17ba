import { publicationColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { rawOr } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const pubView = defineCommand<Record<string, never>>({
  columns: publicationColumns,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'publication', rawId, '<id>');
    const { publicationRequests } = await import('../../sdk/requests.js');
    return rawOr(
      ctx,
      publicationRequests.view(id),
      async (client) => ({
        kind: 'record',
        columns: publicationColumns,
        row: { ...(await client.getPublication(id)) },
      }),
      { dryRun: (client) => client.getPublication(id, { dryRun: true }) },
    );
  },
});

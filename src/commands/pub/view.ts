import { publicationColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { rawOr } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const pubView = defineCommand<Record<string, never>>({
  name: 'view',
  summary: 'Show one publication with all its fields',
  configure: (cmd) => cmd.argument('<id>', 'publication ID, or the first 4+ characters of it (see `masg pub list`)'),
  examples: ['masg pub view 0378', 'masg pub view 0378 -o json', 'masg pub view 0378 --raw xml'],
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

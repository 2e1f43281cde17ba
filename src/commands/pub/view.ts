import { publicationColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';

export const pubView = defineCommand<Record<string, never>>({
  supports: { raw: true, dryRun: true },
  columns: publicationColumns,
  async run(ctx, _opts, [rawId]) {
    const id = await resolveId(ctx, 'publication', rawId, '<id>');
    return sdkCall(
      ctx,
      (client, mode) => client.getPublication(id, mode),
      async (publication) => ({ kind: 'record', columns: publicationColumns, row: { ...(await publication()) } }),
    );
  },
});

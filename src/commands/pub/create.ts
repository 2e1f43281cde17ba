import type { PublicationCreate } from '../../sdk/types.js';
import { validatePublication } from '../../schema/publication.js';
import { flagLabel } from '../../schema/rules.js';
import { publicationColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { pickPublicationFields } from './fields.js';

export const pubCreate = defineCommand<Record<string, string>>({
  supports: { raw: true, dryRun: true },
  columns: publicationColumns,
  async run(ctx, opts) {
    const input = validatePublication(pickPublicationFields(opts), 'create', flagLabel);
    return sdkCall(
      ctx,
      // Checked strings: the SDK's rules pass them as they are.
      (client, mode) => client.createPublication(input as unknown as PublicationCreate, mode),
      async (created) => ({ kind: 'record', columns: publicationColumns, row: { ...(await created()) } }),
    );
  },
});

import { advertiserColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';
import { idHint } from '../../command-kit/suggest.js';
import { UsageError } from '../../core/errors.js';

// The service has no endpoint for one advertiser: the list is read and the one asked for kept.
export const advView = defineCommand<Record<string, never>>({
  columns: advertiserColumns,
  async run(ctx, _opts, [rawId]) {
    if (ctx.globals.raw) {
      throw new UsageError('--raw prints an answer of the service, and it has none for one advertiser.', {
        field: '--raw',
        hint: 'Its list holds every advertiser: `masg adv list --raw`.',
      });
    }
    const id = await resolveId(ctx, 'advertiser', rawId, '<id>');
    return sdkCall(
      ctx,
      (client, mode) => client.listAdvertisers(mode),
      async (list) => {
        for await (const advertiser of list()) {
          if (advertiser.id === id) return { kind: 'record', columns: advertiserColumns, row: { ...advertiser } };
        }
        throw new UsageError(`<id>: no advertiser of this account has the ID ${id}.`, { field: '<id>', hint: idHint('advertiser') });
      },
    );
  },
});

import { advertiserColumns } from '../../command-kit/columns.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';
import { idHint } from '../../command-kit/suggest.js';
import { UsageError } from '../../core/errors.js';

// The service has no endpoint for one advertiser: the list is read and the one asked for kept.
export const advView = defineCommand<Record<string, never>>({
  // The service has no answer for one advertiser: --raw has nothing to print.
  supports: {
    raw: { hint: 'The service has no answer for one advertiser; its list holds every advertiser: `masg adv list --raw`.' },
    dryRun: true,
  },
  columns: advertiserColumns,
  async run(ctx, _opts, [rawId]) {
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

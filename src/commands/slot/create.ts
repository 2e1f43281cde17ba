import type { AdSlotCreate } from '../../sdk/types.js';
import { adSlotSchema, validateAdSlot } from '../../schema/adslot.js';
import type { FormInput } from '../../schema/field.js';
import { flagLabel } from '../../schema/rules.js';
import { adSlotColumns } from '../../command-kit/columns.js';
import { bulkPort } from '../../command-kit/bulk-port.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { rawTagsCheck, slotRecord } from './kept.js';
import { resolveId } from '../../command-kit/resolve-id.js';
import { checkFromAlone, type BulkOptions } from '../../bulk/options.js';
import { createFromFile } from '../../bulk/create-from.js';

/** The flags of the create form, from the schema. */
export type SlotCreateOptions = FormInput<typeof adSlotSchema, 'create'>;

export const slotCreate = defineCommand<SlotCreateOptions>({
  // --raw prints one answer: one ad slot's.
  supports: { raw: (opts) => ((opts as BulkOptions).from === undefined ? true : 'with --from'), dryRun: true },
  // --from prints result rows of its own.
  columns: (opts) => ((opts as BulkOptions).from === undefined ? adSlotColumns : undefined),
  async run(ctx, opts) {
    // The bulk flags are not fields: kept out of the options type that is validated as one.
    const bulk = opts as BulkOptions;
    if (bulk.from !== undefined) {
      checkFromAlone([], { publication: opts.publication, name: opts.name, formats: opts.formats, tags: opts.tags }, '');
      return createFromFile(bulkPort(ctx), { ...bulk, from: bulk.from });
    }
    const input = validateAdSlot({ ...opts }, 'create', flagLabel);
    input.publication = await resolveId(ctx, 'publication', input.publication!, '--publication');
    return sdkCall(ctx, (client, mode) => client.createAdSlot(input as AdSlotCreate, mode), slotRecord, {
      check: rawTagsCheck('created', input.tags),
    });
  },
});

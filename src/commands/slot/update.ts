import { ApiError, UsageError } from '../../core/errors.js';
import type { AdSlotChanges, AnyCallOptions, DryRun, MasgClient } from '../../sdk/types.js';
import type { AdSlotInput } from '../../transport/types.js';
import { updateAdSlot as updateAdSlotEndpoint } from '../../endpoints/adslots.js';
import { adSlotSchema, validateAdSlot } from '../../schema/adslot.js';
import type { FormInput } from '../../schema/field.js';
import { flagLabel } from '../../schema/rules.js';
import { adSlotColumns } from '../../command-kit/columns.js';
import { bulkPort } from '../../command-kit/bulk-port.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { rawTagsCheck, slotRecord } from './kept.js';
import { resolveEntity } from '../../command-kit/resolve-id.js';
import { checkFromAlone, type BulkOptions } from '../../bulk/options.js';
import { updateFromFile } from '../../bulk/update-from.js';
import { adSlotOps } from '../../bulk/ops.js';

export type SlotUpdateOptions = FormInput<typeof adSlotSchema, 'update'>;

export const slotUpdate = defineCommand<SlotUpdateOptions>({
  // --raw prints one answer: one ad slot's.
  supports: { raw: (opts) => ((opts as BulkOptions).from === undefined ? true : 'with --from'), dryRun: true },
  // --from prints result rows of its own.
  columns: (opts) => ((opts as BulkOptions).from === undefined ? adSlotColumns : undefined),
  async run(ctx, opts, [rawId]) {
    const bulk = opts as BulkOptions;
    if (bulk.from !== undefined) {
      checkFromAlone(rawId === undefined ? [] : [rawId], { name: opts.name, formats: opts.formats, tags: opts.tags }, '<id>');
      return updateFromFile(bulkPort(ctx), adSlotOps, { ...bulk, from: bulk.from });
    }
    if (rawId === undefined) throw new UsageError('Give the ID of the ad slot to update, or --from FILE.', { field: '<id>' });
    const input = validateAdSlot({ ...opts }, 'update', flagLabel);
    if (Object.keys(input).length === 0) {
      throw new UsageError('Nothing to update: give at least one of --name, --formats, --tags.');
    }
    const { id, name: seenName } = await resolveEntity(ctx, 'adslot', rawId, '<id>');
    // Production requires `name` on every ad slot update (1500 otherwise): send the current one.
    let full = input;
    if (input.name === undefined && seenName !== undefined) full = { ...input, name: seenName };
    else if (input.name === undefined && ctx.globals.dryRun)
      (await ctx.ui()).notice('The current name would be read first and sent with the update (the service requires it).');
    else if (input.name === undefined) full = { ...input, name: await currentName(await ctx.sdk(), id) };
    return sdkCall(
      ctx,
      (client, mode) =>
        // A dry run reads nothing, so the SDK's updateAdSlot (which needs the name) cannot describe
        // it: the endpoint's own request is described as far as it is known.
        full.name === undefined && mode.dryRun ? unnamed(client, id, full, mode) : client.updateAdSlot(id, full as AdSlotChanges, mode),
      slotRecord,
      { check: rawTagsCheck('updated', input.tags) },
    );
  },
});

function unnamed(client: MasgClient, id: string, input: AdSlotInput, mode: AnyCallOptions): Promise<DryRun> {
  const { method, path, params } = updateAdSlotEndpoint.request(id, input);
  // The call's own options: `--raw json --dry-run` describes the JSON request.
  return client.request({ method, path, form: params }, { ...mode, dryRun: true });
}

async function currentName(client: MasgClient, id: string): Promise<string> {
  let slot: { name: string } | undefined;
  for await (const s of client.listAdSlots()) {
    if (s.id === id) {
      slot = s;
      break; // the rest of the list is not needed: the body is released
    }
  }
  // The same answer the service gives for an unknown ad slot (code 2000).
  if (!slot) throw new ApiError(2000, `No such AdSpace id: ${id}`, 200);
  return slot.name;
}

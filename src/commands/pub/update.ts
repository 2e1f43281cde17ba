import { NotAppliedError, UsageError } from '../../core/errors.js';
import type { PublicationChanges } from '../../sdk/types.js';
import { validatePublication } from '../../schema/publication.js';
import { flagLabel } from '../../schema/rules.js';
import { publicationColumns } from '../../command-kit/columns.js';
import { bulkPort } from '../../command-kit/bulk-port.js';
import { defineCommand } from '../../command-kit/define.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveIds } from '../../command-kit/resolve-id.js';
import { singleRecord } from '../../endpoints/entities.js';
import { pickPublicationFields } from './fields.js';
import { checkFromAlone, type BulkOptions } from '../../bulk/options.js';
import { updateFromFile } from '../../bulk/update-from.js';
import { publicationOps } from '../../bulk/ops.js';
import { updateMany } from '../../bulk/multi-update.js';
import { confirmStops } from '../../bulk/confirm.js';

export interface PubUpdateOptions extends Record<string, unknown>, BulkOptions {
  yes?: boolean;
}

export const pubUpdate = defineCommand<PubUpdateOptions>({
  supports: {
    // --raw prints one answer: one publication's.
    raw: (opts, ids) => (opts.from !== undefined ? 'with --from' : ids.length > 1 ? 'with several IDs' : true),
    dryRun: true,
  },
  // One ID prints the publication; several IDs or --from print result rows of their own.
  columns: (opts, ids) => (opts.from === undefined && ids.length <= 1 ? publicationColumns : undefined),
  async run(ctx, opts, ids) {
    if (opts.from !== undefined) {
      checkFromAlone(ids, pickPublicationFields(opts), '<id>');
      return updateFromFile(bulkPort(ctx), publicationOps, { ...opts, from: opts.from });
    }
    if (ids.length === 0)
      throw new UsageError('Give the ID of the publication to update (or several IDs), or --from FILE.', { field: '<id>' });
    const input = validatePublication(pickPublicationFields(opts), 'update', flagLabel);
    if (Object.keys(input).length === 0) {
      throw new UsageError('Nothing to update: give at least one field, e.g. --name or --status.');
    }
    // After every flag was checked, before anything that changes state (or a STOPPED prompt).
    const checked = await resolveIds(ctx, 'publication', ids, '<id>');
    if (checked.length > 1) return updateMany(bulkPort(ctx), checked, input, opts);
    const id = checked[0];
    if (input.status === 'STOPPED') await confirmStops(bulkPort(ctx), [id], opts.yes === true);
    return sdkCall(
      ctx,
      (client, mode) => client.updatePublication(id, input as PublicationChanges, mode),
      async (records) => {
        const updated = await records();
        return { kind: 'record', columns: publicationColumns, row: { ...updated }, failure: notApplied(id, input, updated.status) };
      },
      // --raw prints the body as it came, but a script still needs the exit code to say so.
      { check: (response) => notApplied(id, input, singleRecord(response, 'publication').status ?? '') },
    );
  },
});

/**
 * The service ignores disallowed status moves (STOPPED→ACTIVE, PENDING→ACTIVE…) and still answers
 * 200: the status in the response is the only evidence of what happened.
 */
function notApplied(id: string, input: Record<string, string | undefined>, status: string): NotAppliedError | undefined {
  if (input.status === undefined || status === input.status) return undefined;
  return new NotAppliedError(
    `The service kept publication ${id} ${status}: the change to ${input.status} was not allowed` +
      (Object.keys(input).length > 1 ? '. The other fields were applied.' : '.'),
    { hint: 'Only ACTIVE↔PAUSED and ACTIVE/PAUSED→STOPPED take effect; PENDING publications wait for approval.' },
  );
}

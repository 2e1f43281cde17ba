// Per entity: how to read the current state (one list call) and how to send one planned row.
// Both go through the typed API functions, so bulk requests are exactly what `update <id>` sends.
import type { ApiClient } from '../api/types.js';
import { NotAppliedError } from '../core/errors.js';
import type { RowPlan } from './plan.js';
import { adSlotSchema, publicationSchema, type BulkSchema } from './schema.js';

export type PlannedUpdate = Extract<RowPlan, { action: 'update' }>;

export interface UpdateOps {
  schema: BulkSchema;
  list(client: ApiClient): Promise<Array<Record<string, string>>>;
  /** Sends the row's changes; throws when the service refused them or did not apply them. */
  send(client: ApiClient, row: PlannedUpdate): Promise<void>;
}

const params = (row: PlannedUpdate): Record<string, string> => Object.fromEntries(row.changes.map((c) => [c.field, c.to]));

export const publicationOps: UpdateOps = {
  schema: publicationSchema,
  async list(client) {
    const { listPublications } = await import('../api/publications.js');
    return listPublications(client).toArray();
  },
  async send(client, row) {
    const { updatePublication } = await import('../api/publications.js');
    const input = params(row);
    const updated = await updatePublication(client, row.id, input);
    // The service ignores a disallowed status move and answers 200 (docs/service-notes.md): the status
    // in the response is the only evidence, and a row whose change did not happen has failed.
    if (input.status !== undefined && updated.status !== input.status) {
      throw new NotAppliedError(`the service kept it ${updated.status}: the change to ${input.status} was not allowed`);
    }
  },
};

export const adSlotOps: UpdateOps = {
  schema: adSlotSchema,
  async list(client) {
    const { listAdSlots } = await import('../api/adslots.js');
    return listAdSlots(client).toArray();
  },
  async send(client, row) {
    const { updateAdSlot } = await import('../api/adslots.js');
    // Production requires `name` on every ad slot update: unchanged, it is the current one.
    await updateAdSlot(client, row.id, { name: row.name, ...params(row) });
  },
};

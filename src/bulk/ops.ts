// Per entity: how to read the current state (one list call) and how to send one planned row.
// Both go through the SDK, so bulk requests are exactly what `update <id>` sends.
import { NotAppliedError } from '../core/errors.js';
import type { DryRun, MasgClient } from '../sdk/types.js';
import type { RowPlan } from './plan.js';
import { adSlotBulk, publicationBulk, type BulkSchema } from './schema.js';

export type PlannedUpdate = Extract<RowPlan, { action: 'update' }>;

export interface UpdateOps {
  schema: BulkSchema;
  list(sdk: MasgClient): Promise<Array<Record<string, string>>>;
  /** Sends the row's changes; throws when the service refused them or did not apply them. */
  send(sdk: MasgClient, row: PlannedUpdate): Promise<void>;
  /** The call `send` makes, with `{ dryRun: true }`: what --dry-run shows. */
  describe(sdk: MasgClient, row: PlannedUpdate): Promise<DryRun>;
}

const params = (row: PlannedUpdate): Record<string, string> => Object.fromEntries(row.changes.map((c) => [c.field, c.to]));

const asRecords = (entities: readonly object[]) => entities as unknown as Array<Record<string, string>>;

export const publicationOps: UpdateOps = {
  schema: publicationBulk,
  list: async (sdk) => asRecords(await sdk.listPublications().toArray()),
  async send(sdk, row) {
    const input = params(row);
    const updated = await sdk.updatePublication(row.id, input);
    // A disallowed status move is ignored with a 200 (docs/service-notes.md): only the response shows it.
    if (input.status !== undefined && updated.status !== input.status) {
      throw new NotAppliedError(`the service kept it ${updated.status}: the change to ${input.status} was not allowed`);
    }
  },
  describe: (sdk, row) => sdk.updatePublication(row.id, params(row), { dryRun: true }),
};

export const adSlotOps: UpdateOps = {
  schema: adSlotBulk,
  list: async (sdk) => asRecords(await sdk.listAdSlots().toArray()),
  async send(sdk, row) {
    // Production requires `name` on every ad slot update: unchanged, it is the current one.
    await sdk.updateAdSlot(row.id, { name: row.name, ...params(row) });
  },
  describe: (sdk, row) => sdk.updateAdSlot(row.id, { name: row.name, ...params(row) }, { dryRun: true }),
};

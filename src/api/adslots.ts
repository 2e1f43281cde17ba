// Publisher ad slots: list, create, update.
import { entityRecords, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import type { AdSlot, AdSlotInput, ApiClient, ApiRequest } from './types.js';

export const ADSLOT_FIELDS = ['id', 'publication', 'name', 'formats', 'tags'] as const satisfies readonly (keyof AdSlot)[];

export const adSlotRequests = {
  list: (query: { publication?: string } = {}): ApiRequest => ({
    method: 'GET',
    path: '/adslot/list',
    params: { publication: query.publication },
  }),
  create: (input: AdSlotInput): ApiRequest => ({
    method: 'POST',
    path: '/adslot/create',
    params: pickParams(input, ['publication', 'name', 'formats', 'tags']),
  }),
  // A slot cannot move to another publication: `publication` is not an update parameter.
  update: (id: string, input: AdSlotInput): ApiRequest => ({
    method: 'POST',
    path: `/adslot/${segment(id)}`,
    params: pickParams(input, ['name', 'formats', 'tags']),
  }),
};

const toAdSlot = (record: Record<string, string>): AdSlot => pickFields(ADSLOT_FIELDS, record);

export async function listAdSlots(client: ApiClient, query: { publication?: string } = {}): Promise<AdSlot[]> {
  return entityRecords(await client.request(adSlotRequests.list(query)), 'adslot').map(toAdSlot);
}

export async function createAdSlot(client: ApiClient, input: AdSlotInput): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.create(input)), 'adslot'));
}

export async function updateAdSlot(client: ApiClient, id: string, input: AdSlotInput): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.update(id, input)), 'adslot'));
}

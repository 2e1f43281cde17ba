// Publisher ad slots: list, create, update.
import { entityList, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import type { AdSlot, AdSlotInput, ApiClient, ApiRequest, EntityList } from './types.js';

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
  view: (id: string): ApiRequest => ({ method: 'GET', path: `/adslot/${segment(id)}` }),
  // A slot cannot move to another publication: `publication` is not an update parameter.
  update: (id: string, input: AdSlotInput): ApiRequest => ({
    method: 'POST',
    path: `/adslot/${segment(id)}`,
    params: pickParams(input, ['name', 'formats', 'tags']),
  }),
};

const toAdSlot = (record: Record<string, string>): AdSlot => pickFields(ADSLOT_FIELDS, record);

/** Every ad slot of the account (or of one publication), sorted by name, streamed. */
export function listAdSlots(client: ApiClient, query: { publication?: string } = {}): EntityList<AdSlot> {
  return entityList(client, adSlotRequests.list(query), { tag: 'adslot', fields: ADSLOT_FIELDS, what: 'ad slots' });
}

export async function createAdSlot(client: ApiClient, input: AdSlotInput): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.create(input)), 'adslot'));
}

export async function updateAdSlot(client: ApiClient, id: string, input: AdSlotInput): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.update(id, input)), 'adslot'));
}

/** One ad slot (`GET /adslot/{id}`); an unknown ID is ApiError 2000, another account's 2001. */
export async function getAdSlot(client: ApiClient, id: string): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.view(id)), 'adslot'));
}

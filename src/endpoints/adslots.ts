import { entityList, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import { AD_SLOT_CREATE_PARAMS, AD_SLOT_RECORD_FIELDS, AD_SLOT_UPDATE_PARAMS, adSlotSchema } from '../schema/adslot.js';
import type { AdSlot, AdSlotInput, Transport, ApiRequest, EntityList } from '../transport/types.js';

export const adSlotRequests = {
  list: (query: { publication?: string } = {}): ApiRequest => ({
    method: 'GET',
    path: '/adslot/list',
    params: { publication: query.publication },
  }),
  create: (input: AdSlotInput): ApiRequest => ({
    method: 'POST',
    path: '/adslot/create',
    params: pickParams(input, AD_SLOT_CREATE_PARAMS),
  }),
  view: (id: string): ApiRequest => ({ method: 'GET', path: `/adslot/${segment(id)}` }),
  // A slot cannot move to another publication: `publication` is not an update parameter.
  update: (id: string, input: AdSlotInput): ApiRequest => ({
    method: 'POST',
    path: `/adslot/${segment(id)}`,
    params: pickParams(input, AD_SLOT_UPDATE_PARAMS),
  }),
};

const toAdSlot = (record: Record<string, string>): AdSlot => pickFields(AD_SLOT_RECORD_FIELDS, record);

/** Sorted by name, streamed. */
export function listAdSlots(client: Transport, query: { publication?: string } = {}): EntityList<AdSlot> {
  return entityList(client, adSlotRequests.list(query), {
    tag: adSlotSchema.tag,
    fields: AD_SLOT_RECORD_FIELDS,
    what: adSlotSchema.plural,
  });
}

export async function createAdSlot(client: Transport, input: AdSlotInput): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.create(input)), 'adslot'));
}

export async function updateAdSlot(client: Transport, id: string, input: AdSlotInput): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.update(id, input)), 'adslot'));
}

/** An unknown ID is ApiError 2000, another account's 2001. */
export async function getAdSlot(client: Transport, id: string): Promise<AdSlot> {
  return toAdSlot(singleRecord(await client.request(adSlotRequests.view(id)), 'adslot'));
}

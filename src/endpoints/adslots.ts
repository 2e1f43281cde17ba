import { endpoint } from './endpoint.js';
import { entityList, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import { AD_SLOT_CREATE_PARAMS, AD_SLOT_RECORD_FIELDS, AD_SLOT_UPDATE_PARAMS, adSlotSchema } from '../schema/adslot.js';
import type { AdSlot, AdSlotInput, Transport, ApiRequest, EntityList } from '../transport/types.js';

const toAdSlot = (record: Record<string, string>): AdSlot => pickFields(AD_SLOT_RECORD_FIELDS, record);
const readAdSlot = async (client: Transport, req: ApiRequest): Promise<AdSlot> =>
  toAdSlot(singleRecord(await client.request(req), 'adslot'));

/** Sorted by name, streamed. */
export const listAdSlots = endpoint(
  (query: { publication?: string } = {}): ApiRequest => ({
    method: 'GET',
    path: '/adslot/list',
    params: { publication: query.publication },
  }),
  (client, req): EntityList<AdSlot> =>
    entityList(client, req, { tag: adSlotSchema.tag, fields: AD_SLOT_RECORD_FIELDS, what: adSlotSchema.plural }),
);

export const createAdSlot = endpoint(
  (input: AdSlotInput): ApiRequest => ({ method: 'POST', path: '/adslot/create', params: pickParams(input, AD_SLOT_CREATE_PARAMS) }),
  readAdSlot,
);

// A slot cannot move to another publication: `publication` is not an update parameter.
export const updateAdSlot = endpoint(
  (id: string, input: AdSlotInput): ApiRequest => ({
    method: 'POST',
    path: `/adslot/${segment(id)}`,
    params: pickParams(input, AD_SLOT_UPDATE_PARAMS),
  }),
  readAdSlot,
);

/** An unknown ID is ApiError 2000, another account's 2001. */
export const getAdSlot = endpoint((id: string): ApiRequest => ({ method: 'GET', path: `/adslot/${segment(id)}` }), readAdSlot);

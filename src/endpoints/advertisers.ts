import { entityList } from './entities.js';
import { ADVERTISER_RECORD_FIELDS, advertiserSchema } from '../schema/advertiser.js';
import type { Advertiser, Transport, ApiRequest, EntityList } from '../transport/types.js';

export const advertiserRequests = {
  list: (): ApiRequest => ({ method: 'GET', path: '/advertisers/list' }),
};

/** Sorted by name, streamed. */
export function listAdvertisers(client: Transport): EntityList<Advertiser> {
  return entityList(client, advertiserRequests.list(), {
    tag: advertiserSchema.tag,
    fields: ADVERTISER_RECORD_FIELDS,
    what: advertiserSchema.plural,
  });
}

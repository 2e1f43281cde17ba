import { endpoint } from './endpoint.js';
import { entityList } from './entities.js';
import { ADVERTISER_RECORD_FIELDS, advertiserSchema } from '../schema/advertiser.js';
import type { Advertiser, ApiRequest, EntityList } from '../transport/types.js';

/** Sorted by name, streamed. */
export const listAdvertisers = endpoint(
  (): ApiRequest => ({ method: 'GET', path: '/advertisers/list' }),
  (client, req): EntityList<Advertiser> =>
    entityList(client, req, { tag: advertiserSchema.tag, fields: ADVERTISER_RECORD_FIELDS, what: advertiserSchema.plural }),
);

// Advertisers: read-only listing.
import { entityRecords, pickFields } from './entities.js';
import type { Advertiser, ApiClient, ApiRequest } from './types.js';

export const ADVERTISER_FIELDS = [
  'id', 'name', 'status', 'dailyBudget', 'balance', 'notifyLimit',
] as const satisfies readonly (keyof Advertiser)[];

export const advertiserRequests = {
  list: (): ApiRequest => ({ method: 'GET', path: '/advertisers/list' }),
};

export async function listAdvertisers(client: ApiClient): Promise<Advertiser[]> {
  const res = await client.request(advertiserRequests.list());
  return entityRecords(res, 'advertiser').map((record) => pickFields(ADVERTISER_FIELDS, record));
}

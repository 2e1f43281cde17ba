// The one place the warehouse calls the list functions of src/api (publications, ad slots,
// advertisers, campaigns of each advertiser). Kept apart so that turning those functions into
// async iterables changes this file only: everything else receives plain arrays.

import type { ApiClient } from '../api/types.js';

export interface AccountObjects {
  publications: Array<Record<string, string>>;
  adslots: Array<Record<string, string>>;
  advertisers: Array<Record<string, string>>;
  /** With `advertiser` filled in from the list it came from when the service leaves it out. */
  campaigns: Array<Record<string, string>>;
}

export async function fetchAccountObjects(client: ApiClient): Promise<AccountObjects> {
  const api = await import('../api/index.js');
  const [publications, adslots, advertisers] = await Promise.all([
    api.listPublications(client).toArray(),
    api.listAdSlots(client).toArray(),
    api.listAdvertisers(client).toArray(),
  ]);
  const perAdvertiser = await Promise.all(advertisers.map((adv) => api.listCampaigns(client, adv.id).toArray()));
  const campaigns: AccountObjects['campaigns'] = perAdvertiser.flatMap((list, i) =>
    list.map((c) => ({ ...c, advertiser: c.advertiser || advertisers[i].id })),
  );
  return {
    publications: publications as unknown as Array<Record<string, string>>,
    adslots: adslots as unknown as Array<Record<string, string>>,
    advertisers: advertisers as unknown as Array<Record<string, string>>,
    campaigns,
  };
}

/** The request that lists each kind, for --dry-run. */
export async function listRequests(): Promise<Array<import('../api/types.js').ApiRequest>> {
  const api = await import('../api/index.js');
  return [api.publicationRequests.list(), api.adSlotRequests.list(), api.advertiserRequests.list()];
}

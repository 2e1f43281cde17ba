// The one place the warehouse reads the account's objects, through the SDK like every command.

import type { MasgClient } from '../sdk/types.js';

export interface AccountObjects {
  publications: Array<Record<string, string>>;
  adslots: Array<Record<string, string>>;
  advertisers: Array<Record<string, string>>;
  /** With `advertiser` filled in from the list it came from when the service leaves it out. */
  campaigns: Array<Record<string, string>>;
}

export async function fetchAccountObjects(client: MasgClient): Promise<AccountObjects> {
  const [publications, adslots, advertisers] = await Promise.all([
    client.listPublications().toArray(),
    client.listAdSlots().toArray(),
    client.listAdvertisers().toArray(),
  ]);
  const perAdvertiser = await Promise.all(advertisers.map((adv) => client.listCampaigns(adv.id).toArray()));
  const campaigns: AccountObjects['campaigns'] = perAdvertiser.flatMap((list, i) =>
    list.map((c) => ({ ...c, advertiser: c.advertiser || advertisers[i].id })),
  );
  return { publications, adslots, advertisers, campaigns };
}

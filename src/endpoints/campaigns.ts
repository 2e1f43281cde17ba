// Production may answer a campaign view with a bare <campaign> root; entityRecords accepts both.
import { withIsoDates } from './campaign-dates.js';
import { endpoint } from './endpoint.js';
import { entityList, pickFields, singleRecord } from './entities.js';
import { segment } from './params.js';
import { CAMPAIGN_RECORD_FIELDS, campaignSchema } from '../schema/campaign.js';
import type { Transport, ApiRequest, Campaign, EntityList } from '../transport/types.js';

const toCampaign = (record: Record<string, string>): Campaign => withIsoDates(pickFields(CAMPAIGN_RECORD_FIELDS, record));

/** Sorted by name, streamed; dates in ISO form. */
export const listCampaigns = endpoint(
  (advertiserId: string): ApiRequest => ({ method: 'GET', path: `/advertiser/${segment(advertiserId)}/campaigns/list` }),
  (client, req) =>
    isoDated(entityList(client, req, { tag: campaignSchema.tag, fields: CAMPAIGN_RECORD_FIELDS, what: campaignSchema.plural })),
);

export const getCampaign = endpoint(
  (id: string): ApiRequest => ({ method: 'GET', path: `/campaign/${segment(id)}` }),
  async (client: Transport, req): Promise<Campaign> => toCampaign(singleRecord(await client.request(req), 'campaign')),
);

function isoDated(list: EntityList<Campaign>): EntityList<Campaign> {
  async function* batches(): AsyncGenerator<Campaign[], void, undefined> {
    for await (const batch of list.batches()) yield batch.map(withIsoDates);
  }
  return {
    batches,
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches()) yield* batch;
    },
    async toArray() {
      const all: Campaign[] = [];
      for await (const batch of batches()) all.push(...batch);
      return all;
    },
  };
}

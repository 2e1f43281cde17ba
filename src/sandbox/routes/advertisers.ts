import { byName } from '../store.js';
import { advertiserFields, campaignFields } from '../views.js';
import { bareReply, entityReply, listReply } from '../wire/reply.js';
import { ownAdvertiser, visibleCampaign } from './lookup.js';
import { route, type RouteContext } from './route.js';

export const listAdvertisers = route({
  method: 'GET',
  pattern: 'advertisers/list',
  parse: () => undefined,
  run: (ctx: RouteContext) => {
    const rows = [...ctx.store.of(ctx.account.email).advertisers.values()];
    return listReply(ctx.format, 'advertiser', byName(rows).map(advertiserFields));
  },
});

export const listCampaigns = route({
  method: 'GET',
  pattern: 'advertiser/:id/campaigns/list',
  parse: (_p, [id]) => id,
  run: (ctx: RouteContext, id) => {
    const adv = ownAdvertiser(ctx, id);
    const rows = [...ctx.store.of(ctx.account.email).campaigns.values()].filter((c) => c.advertiser === adv.id);
    return listReply(ctx.format, 'campaign', byName(rows).map(campaignFields));
  },
});

/** Production answers this one without the masg-response wrapper; the spec flavour wraps it. */
export const viewCampaign = route({
  method: 'GET',
  pattern: 'campaign/:id',
  parse: (_p, [id]) => id,
  run: (ctx: RouteContext, id) => {
    const fields = campaignFields(visibleCampaign(ctx, id));
    return ctx.flavor === 'production' ? bareReply(ctx.format, 'campaign', fields) : entityReply(ctx.format, 'campaign', fields);
  },
});

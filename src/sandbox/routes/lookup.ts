// Entities by ID for the caller's account, with production's not-found and other-account errors.

import { notFound, otherAdvertiserAccount, otherPublisherAccount } from '../errors.js';
import type { AdSlotRecord, AdvertiserRecord, CampaignRecord, PublicationRecord } from '../types.js';
import type { RouteContext } from './route.js';

export function ownPublication(ctx: RouteContext, id: string): PublicationRecord {
  const p = ctx.store.find('publications', id, ctx.account.email);
  if (!p) throw notFound(`No such Publication id: ${id}`);
  if (p.account !== ctx.account.email) throw otherPublisherAccount('Publication', id);
  return p;
}

export function ownAdSlot(ctx: RouteContext, id: string): AdSlotRecord {
  const s = ctx.store.find('adslots', id, ctx.account.email);
  if (!s) throw notFound(`No such AdSpace id: ${id}`);
  if (s.account !== ctx.account.email) throw otherPublisherAccount('AdSpace', id);
  return s;
}

export function ownAdvertiser(ctx: RouteContext, id: string): AdvertiserRecord {
  const a = ctx.store.find('advertisers', id, ctx.account.email);
  if (!a) throw notFound(`Advertiser ${id} not found`);
  if (a.account !== ctx.account.email) throw otherAdvertiserAccount('Advertiser', id);
  return a;
}

/** Campaign statistics: unknown 2000, another account's 1600, both HTTP 400. */
export function ownCampaign(ctx: RouteContext, id: string): CampaignRecord {
  const c = ctx.store.find('campaigns', id, ctx.account.email);
  if (!c) throw notFound(`Campaign ${id} not found`);
  if (c.account !== ctx.account.email) throw otherAdvertiserAccount('Campaign', id);
  return c;
}

/** Production's one 404, also for another account's campaign: never confirms that it exists. */
export function visibleCampaign(ctx: RouteContext, id: string): CampaignRecord {
  const c = ctx.store.find('campaigns', id, ctx.account.email);
  if (!c || c.account !== ctx.account.email) throw notFound(`Campaign ${id} not found`, 404);
  return c;
}

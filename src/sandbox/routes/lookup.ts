// Finding an entity by ID for the caller's account, with production's not-found and
// other-account errors (2000/2001 on the publisher side, 2000/1600 on the advertiser side).

import { notFound, otherAdvertiserAccount, otherPublisherAccount } from '../errors.js';
import type { AdSlotRecord, AdvertiserRecord, CampaignRecord, PublicationRecord } from '../types.js';
import type { RouteContext } from './route.js';

export function ownPublication(ctx: RouteContext, id: string): PublicationRecord {
  const p = ctx.store.publications.get(id);
  if (!p) throw notFound(`No such Publication id: ${id}`);
  if (p.account !== ctx.account.email) throw otherPublisherAccount('Publication', id);
  return p;
}

export function ownAdSlot(ctx: RouteContext, id: string): AdSlotRecord {
  const s = ctx.store.adslots.get(id);
  if (!s) throw notFound(`No such AdSpace id: ${id}`);
  if (s.account !== ctx.account.email) throw otherPublisherAccount('AdSpace', id);
  return s;
}

export function ownAdvertiser(ctx: RouteContext, id: string): AdvertiserRecord {
  const a = ctx.store.advertisers.get(id);
  if (!a) throw notFound(`Advertiser ${id} not found`);
  if (a.account !== ctx.account.email) throw otherAdvertiserAccount('Advertiser', id);
  return a;
}

/** Campaign view answers 404 for an unknown ID (production's one non-400 error); statistics 400. */
export function ownCampaign(ctx: RouteContext, id: string, notFoundStatus = 400): CampaignRecord {
  const c = ctx.store.campaigns.get(id);
  if (!c) throw notFound(`Campaign ${id} not found`, notFoundStatus);
  if (c.account !== ctx.account.email) throw otherAdvertiserAccount('Campaign', id);
  return c;
}

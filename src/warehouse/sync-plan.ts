// `masg sync --dry-run`: what a run would do, as data. The requests are the very calls the run
// makes, described by the SDK's dry run and not sent; the command renders the plan (its own text
// to stderr, the requests to stdout).

import type { DescribedRequest, MasgClient } from '../sdk/types.js';
import type { PlannedDay } from './plan.js';
import type { Grain } from './schema.js';
import { piecesOf, type CampaignRef } from './sync-requests.js';

export interface SyncPlan {
  /** The database, as it may be shown. */
  target: string;
  grain: Grain;
  days: PlannedDay[];
  /** The days --accept-restated takes (among `days`): their answer would be applied whatever it is. */
  accepted: string[];
  /** The account's object lists (then one campaign list per advertiser, known at run time). */
  lists: DescribedRequest[];
  /** Campaigns of the warehouse's last snapshot, whose reports are listed below; the run's lists decide. */
  knownCampaigns: number;
  /** Per day, its statistics requests: the publisher report(s), then each known campaign's. */
  statistics: Array<{ date: string; complete: boolean; requests: DescribedRequest[] }>;
}

export async function describePlan(
  sdk: MasgClient,
  /** The campaigns of the warehouse's last snapshot of the account. */
  knownCampaigns: () => Promise<CampaignRef[]>,
  plan: { target: string; grain: Grain; days: PlannedDay[]; accepted: string[] },
): Promise<SyncPlan> {
  const campaigns: CampaignRef[] = await knownCampaigns();
  const dryRun = { dryRun: true } as const;
  const lists: DescribedRequest[] = [];
  if (plan.days.length > 0) {
    for (const list of [sdk.listPublications({}, dryRun), sdk.listAdSlots({}, dryRun), sdk.listAdvertisers(dryRun)]) {
      lists.push(...(await list).requests);
    }
  }
  const statistics = plan.days.map((d) => ({ date: d.date, complete: d.complete, requests: [] as DescribedRequest[] }));
  for (const piece of piecesOf(plan.days, plan.grain)) {
    const range = { from: piece.start, to: piece.end };
    const requests = statistics[piece.day].requests;
    requests.push(...(await sdk.publicationStats({ ...range, level: 'adslot', byCountry: true }, dryRun)).requests);
    for (const c of campaigns) requests.push(...(await sdk.campaignStats(c.id, range, dryRun)).requests);
  }
  return { ...plan, lists, knownCampaigns: campaigns.length, statistics };
}

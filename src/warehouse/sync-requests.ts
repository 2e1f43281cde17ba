// The statistics requests of a sync: one publisher report (ad slot × country) per day, or per
// hour with --grain hour, and one report per campaign for the same piece of time.

import type { EntityList, MasgClient } from '../sdk/types.js';
import type { PlannedDay } from './plan.js';
import type { Grain } from './schema.js';

/** A campaign of the account's snapshot, with the advertiser its rows are kept under. */
export interface CampaignRef {
  id: string;
  advertiser: string;
}

/** One piece of a day the service is asked for: the whole day, or one hour of it. */
export interface Piece {
  /** Index of the day in the plan. */
  day: number;
  date: string;
  /** 10-digit stamps (YYYYMMDDHH), both inclusive. */
  start: string;
  end: string;
  /** The hour ("0" to "23") with --grain hour; undefined for a whole day. */
  hour?: string;
}

export function piecesOf(days: readonly PlannedDay[], grain: Grain): Piece[] {
  return days.flatMap((d, day) => {
    const ymd = d.date.replace(/-/g, '');
    if (grain === 'day') return [{ day, date: d.date, start: `${ymd}00`, end: `${ymd}23` }];
    return Array.from({ length: 24 }, (_, h) => {
      const hh = String(h).padStart(2, '0');
      return { day, date: d.date, start: `${ymd}${hh}`, end: `${ymd}${hh}`, hour: String(h) };
    });
  });
}

/** The day's (or hour's) ad slot × country report. */
export function publisherReport(sdk: MasgClient, piece: Piece): EntityList<object> {
  return sdk.publicationStats({ from: piece.start, to: piece.end, level: 'adslot', byCountry: true });
}

/** One campaign's report for the piece. */
export function campaignReport(sdk: MasgClient, piece: Piece, campaign: CampaignRef): EntityList<object> {
  return sdk.campaignStats(campaign.id, { from: piece.start, to: piece.end });
}

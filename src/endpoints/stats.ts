// Statistics requests: the one description of each report's call (read by stats-stream.ts, record by record).
import { segment } from './params.js';
import type { ApiRequest } from '../transport/types.js';

export interface StatsQuery {
  /** 10-digit YYYYMMDDHH stamps in the account's time zone, both inclusive. */
  start: string;
  end: string;
  byCountry?: boolean;
  level?: 'publication' | 'adslot';
}

// Sent explicitly even at their defaults: the request then says exactly what the report is.
const publisherParams = (q: StatsQuery) => ({
  start: q.start,
  end: q.end,
  level: q.level ?? 'publication',
  bycountry: q.byCountry ? 'true' : 'false',
});

/** A publisher report: every publication's, or one publication's when `id` is given. */
export const publisherStatsRequest = (id: string | undefined, q: StatsQuery): ApiRequest => ({
  method: 'GET',
  path: id === undefined ? '/publication/statistics' : `/publication/${segment(id)}/statistics`,
  params: publisherParams(q),
});

// The ad slot endpoint has no level.
export const adSlotStatsRequest = (id: string, q: StatsQuery): ApiRequest => ({
  method: 'GET',
  path: `/adslot/${segment(id)}/statistics`,
  params: { start: q.start, end: q.end, bycountry: q.byCountry ? 'true' : 'false' },
});

// Campaign statistics have neither level nor bycountry on the server.
export const campaignStatsRequest = (id: string, q: StatsQuery): ApiRequest => ({
  method: 'GET',
  path: `/campaign/${segment(id)}/statistics`,
  params: { start: q.start, end: q.end },
});

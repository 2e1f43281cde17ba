// The pulse's rows from the service: the account's objects (names, statuses, budgets), then one
// publisher report per day at ad slot level (the finest grain the pulse needs: one request
// gives every slot of the account for the day) and one campaign report per day for each
// campaign that can have served in the range, all through one pool of `concurrency` requests.
import { mapConcurrent } from '../core/pool.js';
import type { MasgClient } from '../sdk/types.js';
import { budgetUnit } from './data.js';
import { baselineDates } from './days.js';
import type { CampaignDayRow, CampaignInfo, PublisherDayRow, PulseInput } from './types.js';

export interface LiveOptions {
  date: string;
  baselineDays: number;
  /** The account's zone when known; the SDK then checks the days against it. Absolute days need none. */
  timeZone?: string;
  concurrency: number;
  signal?: AbortSignal;
  /** After each statistics request: done of total. */
  onProgress?: (done: number, total: number) => void;
}

export type PulseRows = Pick<PulseInput, 'publisher' | 'campaignStats' | 'publications' | 'adslots' | 'campaigns' | 'restatements'>;

/** The account's publications, ad slots and campaigns (one campaign list per advertiser). */
export async function listEntities(
  sdk: MasgClient,
  signal?: AbortSignal,
): Promise<Pick<PulseInput, 'publications' | 'adslots' | 'campaigns'>> {
  const [publications, adslots, advertisers] = await Promise.all([
    sdk.listPublications(undefined, { signal }).toArray(),
    sdk.listAdSlots(undefined, { signal }).toArray(),
    sdk.listAdvertisers({ signal }).toArray(),
  ]);
  const campaigns = (await Promise.all(advertisers.map((a) => sdk.listCampaigns(a.id, { signal }).toArray()))).flat();
  return {
    publications: publications.map((p) => ({ id: p.id, name: p.name, status: p.status })),
    adslots: adslots.map((s) => ({ id: s.id, name: s.name, publication: s.publication })),
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      advertiser: c.advertiser,
      startDate: c.startDate || c.activationDate,
      endDate: c.endDate,
      deactivationDate: c.deactivationDate,
      dailyBudget: c.dailyBudget,
      overallBudget: c.overallBudget,
      dailyBudgetWeekday: c.dailyBudgetWeekday,
      dailyBudgetWeekend: c.dailyBudgetWeekend,
      budgetType: c.budgetType,
    })),
  };
}

/** A campaign that cannot have served between `first` and `last`: never started, ended before, starts after. */
export function outOfRange(c: CampaignInfo, first: string, last: string): boolean {
  const start = (c.startDate ?? '').slice(0, 10);
  // A campaign that is not running stopped serving when it was deactivated, whatever its end date.
  const stopped = c.status === 'ACTIVE' ? '' : (c.deactivationDate ?? '').slice(0, 10);
  const end = [(c.endDate ?? '').slice(0, 10), stopped].filter(Boolean).sort()[0] ?? '';
  if (start === '' && c.status !== 'ACTIVE') return true;
  return (end !== '' && end < first) || (start !== '' && start > last);
}

/** Whether the pacing check needs what a campaign spent since its start (an ACTIVE campaign with an overall budget and an end). */
export function needsSpentToDate(c: CampaignInfo, date: string): boolean {
  const start = (c.startDate ?? '').slice(0, 10);
  const end = (c.endDate ?? '').slice(0, 10);
  return c.status === 'ACTIVE' && Boolean(c.overallBudget?.trim()) && start !== '' && start <= date && end > date;
}

type Job =
  { kind: 'publisher'; day: string } | { kind: 'campaign'; day: string; id: string } | { kind: 'to-date'; from: string; id: string };

export async function fetchLive(sdk: MasgClient, opts: LiveOptions): Promise<PulseRows> {
  const entities = await listEntities(sdk, opts.signal);
  const days = [...baselineDates(opts.date, opts.baselineDays), opts.date];
  const serving = entities.campaigns.filter((c) => !outOfRange(c, days[0], opts.date));
  const jobs: Job[] = [
    ...days.map((day): Job => ({ kind: 'publisher', day })),
    ...serving.flatMap((c) => days.map((day): Job => ({ kind: 'campaign', day, id: c.id }))),
    ...serving
      .filter((c) => needsSpentToDate(c, opts.date))
      .map((c): Job => ({ kind: 'to-date', from: c.startDate!.slice(0, 10), id: c.id })),
  ];
  const publisher: PublisherDayRow[] = [];
  const campaignStats: CampaignDayRow[] = [];
  const toDate = new Map<string, string>();
  const zone = opts.timeZone === undefined ? {} : { timeZone: opts.timeZone };
  await mapConcurrent(
    jobs,
    opts.concurrency,
    async (job, _, signal) => {
      if (job.kind === 'publisher') {
        for await (const r of sdk.publicationStats({ from: job.day, to: job.day, ...zone, level: 'adslot' }, { signal })) {
          publisher.push({
            date: job.day,
            publication: r.publication,
            adslot: r.adslot,
            requests: r.requests,
            impressions: r.impressions,
            clicks: r.clicks,
            earnings: r.earnings,
            currency: r.currency,
          });
        }
      } else if (job.kind === 'campaign') {
        for await (const r of sdk.campaignStats(job.id, { from: job.day, to: job.day, ...zone }, { signal })) {
          campaignStats.push({
            date: job.day,
            campaign: job.id,
            impressions: r.impressions,
            clicks: r.clicks,
            conversions: r.conversions,
            spend: r.spend,
          });
        }
      } else {
        const c = entities.campaigns.find((x) => x.id === job.id)!;
        const unit = budgetUnit(c);
        let spent = '0';
        for await (const r of sdk.campaignStats(job.id, { from: job.from, to: opts.date, ...zone }, { signal })) spent = r[unit];
        toDate.set(job.id, spent);
      }
    },
    { signal: opts.signal, onProgress: opts.onProgress },
  );
  return {
    ...entities,
    campaigns: entities.campaigns.map((c) => (toDate.has(c.id) ? { ...c, spentToDate: toDate.get(c.id) } : c)),
    publisher,
    campaignStats,
  };
}

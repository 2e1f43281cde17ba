// createClient: the SDK, one typed method per endpoint over the API layer (src/api). Inputs are
// checked here with the CLI's rules before anything is sent; lists and statistics are lazy
// EntityLists (sent when iterated). The SDK never writes to stdout/stderr, never reads
// process.env (fromProfile does, on request) and never exits the process: failures are the
// exported error classes.
import { readFileSync } from 'node:fs';
import { getAdSlot, createAdSlot, listAdSlots, updateAdSlot } from '../api/adslots.js';
import { listAdvertisers } from '../api/advertisers.js';
import { getCampaign, listCampaigns } from '../api/campaigns.js';
import { createPublication, getPublication, listPublications, updatePublication } from '../api/publications.js';
import { statisticsRequests } from '../api/statistics.js';
import { checkBaseUrl } from '../config/base-url.js';
import { ConfigError, UsageError } from '../errors.js';
import { PUBLICATION_STATUSES } from '../validate/enums.js';
import { oneOf } from '../validate/rules.js';
import { createConnection } from './connection.js';
import { adSlotChanges, adSlotCreate, entityId, publicationChanges, publicationCreate } from './inputs.js';
import { checkTimeZone, resolveRange } from './range.js';
import { statsList } from './stats.js';
import type {
  AdSlotStatsRecord, CallOptions, CampaignStatsRecord, ClientOptions, MasgClient, PublicationStatsRecord, StatsRange,
} from './types.js';

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

function required(field: keyof ClientOptions, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`createClient: ${field} is required.`, { hint: 'Pass baseUrl, email and key, or use createClient.fromProfile().' });
  }
  return value;
}

function nonNegative(field: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw new UsageError(`${field}: expected a non-negative number, got ${String(value)}.`, { field });
  }
}

/** Sync wrapper for methods that return a Promise: a refused input rejects rather than throws. */
async function reject<T>(fn: () => Promise<T>): Promise<T> {
  return await fn();
}

export function createClient(options: ClientOptions): MasgClient {
  if (typeof options !== 'object' || options === null) throw new ConfigError('createClient: options are required (baseUrl, email, key).');
  const opts: ClientOptions = {
    ...options,
    baseUrl: checkBaseUrl(required('baseUrl', options.baseUrl), 'baseUrl'),
    email: required('email', options.email),
    key: required('key', options.key),
  };
  if (opts.timeZone !== undefined) checkTimeZone(opts.timeZone);
  for (const f of ['timeoutMs', 'connectTimeoutMs', 'retries', 'deadlineMs'] as const) nonNegative(f, opts[f]);
  const connection = createConnection(opts, opts.userAgent ?? `masg-node/${packageVersion()}`);
  const api = (call?: CallOptions) => connection.forCall(call);

  const range = (q: StatsRange) => {
    if (typeof q !== 'object' || q === null) throw new UsageError('Expected a query object with from and to.', { field: 'query' });
    return resolveRange(q.from, q.to, q.timeZone ?? opts.timeZone);
  };
  const bool = (field: string, v: unknown): boolean => {
    if (v !== undefined && typeof v !== 'boolean') throw new UsageError(`${field}: expected true or false.`, { field });
    return v === true;
  };

  return {
    listPublications(query = {}, call) {
      const status = query.status === undefined ? undefined : oneOf('status', query.status, PUBLICATION_STATUSES);
      return listPublications(api(call), { status });
    },
    getPublication: (id, call) => reject(() => getPublication(api(call), entityId('id', id))),
    createPublication: (input, call) => reject(() => createPublication(api(call), publicationCreate(input))),
    updatePublication: (id, changes, call) => reject(() => updatePublication(api(call), entityId('id', id), publicationChanges(changes))),

    listAdSlots(query = {}, call) {
      const publication = query.publication === undefined ? undefined : entityId('publication', query.publication);
      return listAdSlots(api(call), { publication });
    },
    getAdSlot: (id, call) => reject(() => getAdSlot(api(call), entityId('id', id))),
    createAdSlot: (input, call) => reject(() => createAdSlot(api(call), adSlotCreate(input))),
    updateAdSlot: (id, changes, call) => reject(() => updateAdSlot(api(call), entityId('id', id), adSlotChanges(changes))),

    listAdvertisers: (call) => listAdvertisers(api(call)),
    listCampaigns: (advertiserId, call) => listCampaigns(api(call), entityId('advertiserId', advertiserId)),
    getCampaign: (id, call) => reject(() => getCampaign(api(call), entityId('id', id))),

    publicationStats(query, call) {
      const { start, end } = range(query);
      const level = oneOf('level', query.level ?? 'publication', ['publication', 'adslot'] as const);
      const byCountry = bool('byCountry', query.byCountry);
      const q = { start, end, level, byCountry };
      if (query.publication === undefined) {
        return statsList<PublicationStatsRecord>(api(call), statisticsRequests.publications(q), { endpoint: 'publications', level, byCountry }, {});
      }
      const id = entityId('publication', query.publication);
      return statsList<PublicationStatsRecord>(api(call), statisticsRequests.publication(id, q), { endpoint: 'publication', level, byCountry }, { publication: id });
    },
    adSlotStats(id, query, call) {
      const slot = entityId('id', id);
      const { start, end } = range(query);
      const byCountry = bool('byCountry', query.byCountry);
      return statsList<AdSlotStatsRecord>(api(call), statisticsRequests.adslot(slot, { start, end, byCountry }), { endpoint: 'adslot', byCountry }, { adslot: slot });
    },
    campaignStats(id, query, call) {
      const campaign = entityId('id', id);
      const { start, end } = range(query);
      return statsList<CampaignStatsRecord>(api(call), statisticsRequests.campaign(campaign, { start, end }), { endpoint: 'campaign' }, { campaign });
    },

    close: () => connection.close(),
  };
}

// The typed methods. Each states its endpoint call once (`op`), and the call's options decide what
// becomes of it: the records, the raw answer of that very request (`raw`), or its description,
// nothing sent (`dryRun`). The CLI's --raw and --dry-run and MCP's tools are these same calls.
import { encodeBody } from '../transport/body.js';
import { adSlotStatsRequest, campaignStatsRequest, publisherStatsRequest } from '../endpoints/stats.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import type { Transport, ApiRequest, EntityList } from '../transport/types.js';
import { UsageError } from '../core/errors.js';
import { PUBLICATION_LIST_STATUSES } from '../schema/enums.js';
import { oneOf } from '../schema/rules.js';
import { adSlotChanges, adSlotCreate, entityId, publicationChanges, publicationCreate } from './inputs.js';
import { tagsNotKept } from './kept.js';
import { createPublication, getPublication, listPublications, updatePublication } from '../endpoints/publications.js';
import { createAdSlot, getAdSlot, listAdSlots, updateAdSlot } from '../endpoints/adslots.js';
import { listAdvertisers } from '../endpoints/advertisers.js';
import { getCampaign, listCampaigns } from '../endpoints/campaigns.js';
import { resolveRange } from './range.js';
import { statsList, statsRequest } from './stats.js';
import type {
  AdSlotStatsRecord,
  AnyCallOptions,
  CallOptions,
  CampaignStatsRecord,
  DryRun,
  MasgClient,
  PublicationStatsRecord,
  RawResponse,
  StatsRange,
} from './types.js';

/** One call of an endpoint: the request its arguments make, and how its answer is read. */
interface Op<T> {
  request: ApiRequest;
  read: (transport: Transport) => T;
}

function op<A extends unknown[], T>(ep: Endpoint<A, T>, ...args: A): Op<T> {
  return { request: ep.request(...args), read: (transport) => ep(transport, ...args) };
}

/** What the transport is given of a call's options: its signal and deadline. */
function transportCall(call: AnyCallOptions | undefined): CallOptions | undefined {
  return call && { signal: call.signal, deadlineMs: call.deadlineMs };
}

/** Runs fn inside an async function, so a refused input (thrown at once) reaches the caller as a rejection. */
export async function throwsAsRejection<T>(fn: () => Promise<T>): Promise<T> {
  return await fn();
}

/** The three answers of one request, by the call's options. */
export class MethodKit {
  constructor(readonly transportFor: (call?: CallOptions) => Transport) {}

  api(call: AnyCallOptions | undefined): Transport {
    return this.transportFor(transportCall(call));
  }

  /** The raw answer or the dry run, or undefined when the records are asked for. */
  other(call: AnyCallOptions | undefined, request: ApiRequest): Promise<DryRun | RawResponse> | undefined {
    if (!call?.dryRun && !call?.raw) return undefined;
    const asked = typeof call.raw === 'string' ? { ...request, format: call.raw } : request;
    if (call.dryRun)
      return this.api(call)
        .describe(asked)
        .then((described) => ({ requests: [described] }));
    return this.sendRaw(call, asked);
  }

  async sendRaw(call: AnyCallOptions | undefined, request: ApiRequest): Promise<RawResponse> {
    const { status, contentType, body, bytes } = await this.api(call).request(request);
    // A test double's transport keeps no bytes.
    return { status, contentType, body, bytes: bytes ?? encodeBody(body, contentType) };
  }

  /** A call answered with one record. */
  one<T>(call: AnyCallOptions | undefined, o: Op<Promise<T>>, then?: (record: T) => T): Promise<T | DryRun | RawResponse> {
    return this.other(call, o.request) ?? o.read(this.api(call)).then(then);
  }

  /** A call answered with a list: lazy, sent when iterated. */
  list<T>(call: AnyCallOptions | undefined, o: Op<EntityList<T>>): EntityList<T> | Promise<DryRun | RawResponse> {
    return this.other(call, o.request) ?? o.read(this.api(call));
  }
}

/** Loosely typed implementations; createTypedClient gives them MasgClient's typed signatures. */
export type Loose<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => unknown : T[K] };
type Methods<K extends keyof MasgClient> = Pick<Loose<MasgClient>, K>;

/** The tags the service answered without fail the call (the record is still in the error). */
function tagsKept(done: 'created' | 'updated', tags: string | undefined) {
  return <T extends Record<string, string>>(record: T): T => {
    const notKept = tags === undefined ? undefined : tagsNotKept(done, tags, record);
    if (notKept) throw notKept;
    return record;
  };
}

export function entityMethods(
  kit: MethodKit,
): Methods<
  | 'listPublications'
  | 'getPublication'
  | 'createPublication'
  | 'updatePublication'
  | 'listAdSlots'
  | 'getAdSlot'
  | 'createAdSlot'
  | 'updateAdSlot'
  | 'listAdvertisers'
  | 'listCampaigns'
  | 'getCampaign'
> {
  const one = <T>(call: AnyCallOptions | undefined, o: () => Op<Promise<T>>, then?: (r: T) => T) =>
    throwsAsRejection(() => kit.one(call, o(), then));
  return {
    listPublications(query = {}, call) {
      const status = query.status === undefined ? undefined : oneOf('status', query.status, PUBLICATION_LIST_STATUSES);
      return kit.list(call, op(listPublications, { status }));
    },
    getPublication: (id, call) => one(call, () => op(getPublication, entityId('id', id))),
    createPublication: (input, call) => one(call, () => op(createPublication, publicationCreate(input))),
    updatePublication: (id, changes, call) => one(call, () => op(updatePublication, entityId('id', id), publicationChanges(changes))),
    listAdSlots(query = {}, call) {
      const publication = query.publication === undefined ? undefined : entityId('publication', query.publication);
      return kit.list(call, op(listAdSlots, { publication }));
    },
    getAdSlot: (id, call) => one(call, () => op(getAdSlot, entityId('id', id))),
    createAdSlot: (input, call) =>
      throwsAsRejection(async () => {
        const checked = adSlotCreate(input);
        return kit.one(call, op(createAdSlot, checked), tagsKept('created', checked.tags));
      }),
    updateAdSlot: (id, changes, call) =>
      throwsAsRejection(async () => {
        const [target, checked] = [entityId('id', id), adSlotChanges(changes)];
        return kit.one(call, op(updateAdSlot, target, checked), tagsKept('updated', checked.tags));
      }),
    listAdvertisers: (call) => kit.list(call, op(listAdvertisers)),
    listCampaigns: (advertiserId, call) => kit.list(call, op(listCampaigns, entityId('advertiserId', advertiserId))),
    getCampaign: (id, call) => one(call, () => op(getCampaign, entityId('id', id))),
  };
}

export function statsMethods(kit: MethodKit, timeZone: string | undefined): Methods<'publicationStats' | 'adSlotStats' | 'campaignStats'> {
  const range = (q: StatsRange) => {
    if (typeof q !== 'object' || q === null) throw new UsageError('Expected a query object with from and to.', { field: 'query' });
    return resolveRange(q.from, q.to, q.timeZone ?? timeZone);
  };
  const bool = (field: string, v: unknown): boolean => {
    if (v !== undefined && typeof v !== 'boolean') throw new UsageError(`${field}: expected true or false.`, { field });
    return v === true;
  };
  // A report is always read as XML (the one format the streaming parser reads); raw asks what it likes.
  const report = <T>(call: AnyCallOptions | undefined, request: ApiRequest, read: (t: Transport) => EntityList<T>) =>
    kit.list(call, { request: call?.dryRun && !call.raw ? statsRequest(request) : request, read });
  return {
    publicationStats(query, call) {
      const { start, end } = range(query);
      const level = oneOf('level', query.level ?? 'publication', ['publication', 'adslot'] as const);
      const byCountry = bool('byCountry', query.byCountry);
      const id = query.publication === undefined ? undefined : entityId('publication', query.publication);
      const request = publisherStatsRequest(id, { start, end, level, byCountry });
      const shape = { endpoint: id === undefined ? 'publications' : 'publication', level, byCountry } as const;
      return report(call, request, (t) =>
        statsList<PublicationStatsRecord>(t, request, shape, id === undefined ? {} : { publication: id }),
      );
    },
    adSlotStats(id, query, call) {
      const slot = entityId('id', id);
      const { start, end } = range(query);
      const byCountry = bool('byCountry', query.byCountry);
      const request = adSlotStatsRequest(slot, { start, end, byCountry });
      return report(call, request, (t) => statsList<AdSlotStatsRecord>(t, request, { endpoint: 'adslot', byCountry }, { adslot: slot }));
    },
    campaignStats(id, query, call) {
      const campaign = entityId('id', id);
      const { start, end } = range(query);
      const request = campaignStatsRequest(campaign, { start, end });
      return report(call, request, (t) => statsList<CampaignStatsRecord>(t, request, { endpoint: 'campaign' }, { campaign }));
    },
  };
}

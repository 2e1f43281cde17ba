// createClient: one typed method per endpoint, inputs checked with the CLI's rules before sending.
// The SDK never prints, never reads process.env and never exits: failures are error classes.
import { readFileSync } from 'node:fs';
import { encodeBody } from '../transport/body.js';
import { statsRequests } from '../endpoints/stats.js';
import type { Transport, ApiRequest, EntityList } from '../transport/types.js';
import { checkBaseUrl } from '../config/base-url.js';
import { ConfigError, UsageError } from '../core/errors.js';
import { PUBLICATION_LIST_STATUSES } from '../schema/enums.js';
import { oneOf } from '../schema/rules.js';
import { createTransportPool, type ClientExtras } from './transport-pool.js';
import { adSlotChanges, adSlotCreate, entityId, publicationChanges, publicationCreate } from './inputs.js';
import { checkTimeZone, resolveRange } from './range.js';
import { statsList, statsRequest } from './stats.js';
import type {
  AdSlotStatsRecord,
  RawRequest,
  CallOptions,
  DryRun,
  DryRunOptions,
  CampaignStatsRecord,
  ClientOptions,
  MasgClient,
  PublicationStatsRecord,
  StatsRange,
} from './types.js';

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

function required(field: keyof ClientOptions, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`createClient: ${field} is required.`, {
      hint: 'Pass baseUrl, email and key, or use createClient.fromProfile().',
    });
  }
  return value;
}

function nonNegative(field: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw new UsageError(`${field}: expected a non-negative number, got ${String(value)}.`, { field });
  }
}

// Loads fast-xml-parser: imported on first use so `import 'masg'` stays cheap.
const entities = () => import('../endpoints/index.js');

function lazyList<T>(load: () => Promise<EntityList<T>>): EntityList<T> {
  return {
    async *batches() {
      yield* (await load()).batches();
    },
    async *[Symbol.asyncIterator]() {
      for await (const batch of (await load()).batches()) yield* batch;
    },
    toArray: async () => (await load()).toArray(),
  };
}

type Call = CallOptions | DryRunOptions;
type Requests = typeof import('./requests.js');

/** A method's two overloads (the call's, the dry run's) as the one signature that implements both. */
type Loosen<F> = F extends { (...args: infer A1): infer R1; (...args: infer A2): infer R2 }
  ? (...args: { [I in keyof A1]: A1[I] | A2[I & keyof A2] }) => Either<R1, R2>
  : F;
type Either<R1, R2> = R1 extends Promise<infer X> ? (R2 extends Promise<infer Y> ? Promise<X | Y> : R1 | R2) : R1 | R2;
type Loose<T> = { [K in keyof T]: Loosen<T[K]> };

function transportOptions(call: Call | undefined): CallOptions | undefined {
  if (!call?.dryRun) return call;
  const { dryRun: _, ...rest } = call;
  return rest;
}

/** Runs fn inside an async function, so a refused input (thrown at once) reaches the caller as a rejection. */
async function throwsAsRejection<T>(fn: () => Promise<T>): Promise<T> {
  return await fn();
}

export function createClient(options: ClientOptions): MasgClient {
  return createClientWithExtras(options);
}

/** createClient plus the CLI's extras (proxy, notices, whole-command deadline). Internal. */
export function createClientWithExtras(options: ClientOptions, extras: ClientExtras = {}): MasgClient {
  if (typeof options !== 'object' || options === null) throw new ConfigError('createClient: options are required (baseUrl, email, key).');
  const opts: ClientOptions = {
    ...options,
    baseUrl: checkBaseUrl(required('baseUrl', options.baseUrl), 'baseUrl'),
    email: required('email', options.email),
    key: required('key', options.key),
  };
  if (opts.timeZone !== undefined) checkTimeZone(opts.timeZone);
  for (const f of ['timeoutMs', 'connectTimeoutMs', 'retries', 'deadlineMs'] as const) nonNegative(f, opts[f]);
  const pool = createTransportPool(opts, opts.userAgent ?? `masg-node/${packageVersion()}`, extras);
  return createTypedClient((call) => pool.transportFor(call), { timeZone: opts.timeZone, close: () => pool.close() });
}

/** What every group of methods shares: the transport for a call, and a call's dry run. */
interface MethodKit {
  api: (call?: CallOptions) => Transport;
  describe: (call: Call | undefined, build: (r: Requests) => ApiRequest) => Promise<DryRun>;
}

type Methods<K extends keyof MasgClient> = Pick<Loose<MasgClient>, K>;

function publicationMethods({
  api,
  describe,
}: MethodKit): Methods<'listPublications' | 'getPublication' | 'createPublication' | 'updatePublication'> {
  return {
    listPublications(query = {}, call) {
      const status = query.status === undefined ? undefined : oneOf('status', query.status, PUBLICATION_LIST_STATUSES);
      if (call?.dryRun) return describe(call, (r) => r.publicationRequests.list({ status }));
      return lazyList(async () => (await entities()).listPublications(api(call), { status }));
    },
    getPublication: (id, call) =>
      throwsAsRejection(async () => {
        const target = entityId('id', id);
        if (call?.dryRun) return describe(call, (r) => r.publicationRequests.view(target));
        return (await entities()).getPublication(api(call), target);
      }),
    createPublication: (input, call) =>
      throwsAsRejection(async () => {
        const fields = publicationCreate(input);
        if (call?.dryRun) return describe(call, (r) => r.publicationRequests.create(fields));
        return (await entities()).createPublication(api(call), fields);
      }),
    updatePublication: (id, changes, call) =>
      throwsAsRejection(async () => {
        const [target, fields] = [entityId('id', id), publicationChanges(changes)];
        if (call?.dryRun) return describe(call, (r) => r.publicationRequests.update(target, fields));
        return (await entities()).updatePublication(api(call), target, fields);
      }),
  };
}

function adSlotMethods({ api, describe }: MethodKit): Methods<'listAdSlots' | 'getAdSlot' | 'createAdSlot' | 'updateAdSlot'> {
  return {
    listAdSlots(query = {}, call) {
      const publication = query.publication === undefined ? undefined : entityId('publication', query.publication);
      if (call?.dryRun) return describe(call, (r) => r.adSlotRequests.list({ publication }));
      return lazyList(async () => (await entities()).listAdSlots(api(call), { publication }));
    },
    getAdSlot: (id, call) =>
      throwsAsRejection(async () => {
        const target = entityId('id', id);
        if (call?.dryRun) return describe(call, (r) => r.adSlotRequests.view(target));
        return (await entities()).getAdSlot(api(call), target);
      }),
    createAdSlot: (input, call) =>
      throwsAsRejection(async () => {
        const fields = adSlotCreate(input);
        if (call?.dryRun) return describe(call, (r) => r.adSlotRequests.create(fields));
        const created = await (await entities()).createAdSlot(api(call), fields);
        const notKept = fields.tags === undefined ? undefined : (await import('./kept.js')).tagsNotKept('created', fields.tags, created);
        if (notKept) throw notKept;
        return created;
      }),
    updateAdSlot: (id, changes, call) =>
      throwsAsRejection(async () => {
        const [target, fields] = [entityId('id', id), adSlotChanges(changes)];
        if (call?.dryRun) return describe(call, (r) => r.adSlotRequests.update(target, fields));
        const updated = await (await entities()).updateAdSlot(api(call), target, fields);
        const notKept = fields.tags === undefined ? undefined : (await import('./kept.js')).tagsNotKept('updated', fields.tags, updated);
        if (notKept) throw notKept;
        return updated;
      }),
  };
}

function accountMethods({ api, describe }: MethodKit): Methods<'listAdvertisers' | 'listCampaigns' | 'getCampaign'> {
  return {
    listAdvertisers(call) {
      if (call?.dryRun) return describe(call, (r) => r.advertiserRequests.list());
      return lazyList(async () => (await entities()).listAdvertisers(api(call)));
    },
    listCampaigns(advertiserId, call) {
      const id = entityId('advertiserId', advertiserId);
      if (call?.dryRun) return describe(call, (r) => r.campaignRequests.list(id));
      return lazyList(async () => (await entities()).listCampaigns(api(call), id));
    },
    getCampaign: (id, call) =>
      throwsAsRejection(async () => {
        const target = entityId('id', id);
        if (call?.dryRun) return describe(call, (r) => r.campaignRequests.view(target));
        return (await entities()).getCampaign(api(call), target);
      }),
  };
}

function statsMethods(
  { api, describe }: MethodKit,
  timeZone: string | undefined,
): Methods<'publicationStats' | 'adSlotStats' | 'campaignStats'> {
  const range = (q: StatsRange) => {
    if (typeof q !== 'object' || q === null) throw new UsageError('Expected a query object with from and to.', { field: 'query' });
    return resolveRange(q.from, q.to, q.timeZone ?? timeZone);
  };
  const bool = (field: string, v: unknown): boolean => {
    if (v !== undefined && typeof v !== 'boolean') throw new UsageError(`${field}: expected true or false.`, { field });
    return v === true;
  };
  return {
    publicationStats(query, call) {
      const { start, end } = range(query);
      const level = oneOf('level', query.level ?? 'publication', ['publication', 'adslot'] as const);
      const byCountry = bool('byCountry', query.byCountry);
      const q = { start, end, level, byCountry };
      const id = query.publication === undefined ? undefined : entityId('publication', query.publication);
      const request = id === undefined ? statsRequests.publications(q) : statsRequests.publication(id, q);
      if (call?.dryRun) return describe(call, () => statsRequest(request));
      const shape = { endpoint: id === undefined ? 'publications' : 'publication', level, byCountry } as const;
      return statsList<PublicationStatsRecord>(api(call), request, shape, id === undefined ? {} : { publication: id });
    },
    adSlotStats(id, query, call) {
      const slot = entityId('id', id);
      const { start, end } = range(query);
      const byCountry = bool('byCountry', query.byCountry);
      const request = statsRequests.adslot(slot, { start, end, byCountry });
      if (call?.dryRun) return describe(call, () => statsRequest(request));
      return statsList<AdSlotStatsRecord>(api(call), request, { endpoint: 'adslot', byCountry }, { adslot: slot });
    },
    campaignStats(id, query, call) {
      const campaign = entityId('id', id);
      const { start, end } = range(query);
      const request = statsRequests.campaign(campaign, { start, end });
      if (call?.dryRun) return describe(call, () => statsRequest(request));
      return statsList<CampaignStatsRecord>(api(call), request, { endpoint: 'campaign' }, { campaign });
    },
  };
}

/** The typed methods over a transport per call (the SDK's own pool, or a test's). */
export function createTypedClient(
  api: (call?: CallOptions) => Transport,
  opts: { timeZone?: string; close?: () => Promise<void> },
): MasgClient {
  const describe = async (call: Call | undefined, build: (r: Requests) => ApiRequest): Promise<DryRun> => {
    const req = build(await import('./requests.js'));
    return { requests: [await api(transportOptions(call)).describe(req)] };
  };
  const kit: MethodKit = { api, describe };
  const client: Loose<MasgClient> = {
    ...publicationMethods(kit),
    ...adSlotMethods(kit),
    ...accountMethods(kit),
    ...statsMethods(kit, opts.timeZone),
    request: (req, call) =>
      throwsAsRejection(async () => {
        const checked = rawRequest(req);
        if (call?.dryRun) return describe(call, () => checked);
        const { status, contentType, body, bytes } = await api(call).request(checked);
        // A test double's transport keeps no bytes.
        return { status, contentType, body, bytes: bytes ?? encodeBody(body, contentType) };
      }),

    close: () => (opts.close ? opts.close() : Promise.resolve()),
  };
  return client as MasgClient;
}

export function rawRequest(req: RawRequest): ApiRequest {
  if (typeof req !== 'object' || req === null) throw new UsageError('request: expected { method, path, query, form, format }.');
  const method = req.method === undefined ? 'GET' : oneOf('method', String(req.method).toUpperCase(), ['GET', 'POST'] as const);
  if (typeof req.path !== 'string' || req.path.trim() === '')
    throw new UsageError('path: required, e.g. "/publication/list".', { field: 'path' });
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(req.path) || req.path.includes('?') || /[\s\p{Cc}]/u.test(req.path)) {
    throw new UsageError(`path: "${req.path}" is not an endpoint path under the base URL (parameters go in query or form).`, {
      field: 'path',
    });
  }
  if (method === 'GET' && req.form !== undefined) throw new UsageError('form: only a POST has a form body; use query.', { field: 'form' });
  if (method === 'POST' && req.query !== undefined) throw new UsageError('query: a POST sends its parameters as form.', { field: 'query' });
  const format = req.format === undefined ? undefined : oneOf('format', req.format, ['xml', 'json'] as const);
  const params = method === 'GET' ? req.query : req.form;
  return { method, path: `/${req.path.replace(/^\/+/, '')}`, params: params && { ...params }, format };
}

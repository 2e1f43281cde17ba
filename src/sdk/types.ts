// Public SDK types. Records keep the service's exact strings: IDs are opaque, counts may exceed
// 2^53 and money is an exact decimal, so nothing becomes a JS number.
import type { Dispatcher } from 'undici';
import type { HostGates } from '../transport/host-gate.js';
import type { AdSlot, Advertiser, ApiRequest, Campaign, DescribedRequest, EntityList, Publication } from '../transport/types.js';
import type { adSlotSchema } from '../schema/adslot.js';
import type { SdkInput } from '../schema/field.js';
import type { PUBLICATION_LIST_STATUSES } from '../schema/enums.js';
import type { publicationSchema } from '../schema/publication.js';
import type { CampaignStatsValues, PublisherStatsValues } from '../schema/stats.js';

export type { AdSlot, Advertiser, ApiRequest, Campaign, DescribedRequest, EntityList, Publication };

/** A statistics list: its records, parsed as the body arrives. */
export type StatsList<T> = EntityList<T>;

/** An exact decimal as sent (`"12.34"`), `"∞"` or `""` (left out). Never a float. */
export type Decimal = string;

/** Every status a publication list shows (production adds PENDING, NEW, NEW_REVIEW, REJECTED to the spec's three). */
export type PublicationListStatus = (typeof PUBLICATION_LIST_STATUSES)[number];

/** A count as the service wrote it (decimal digits, `""` when left out): `BigInt(count)` is exact. */
export type Count = string;

export type DateInput = Date | string;

/**
 * Report hours, both ends inclusive, in the account's zone: `'YYYY-MM-DD'` (whole day),
 * `'YYYY-MM-DDTHH'` or `'YYYYMMDDHH'` (one hour); `'today'`, `'-7d'` and `Date` need `timeZone`.
 */
export interface StatsRange {
  from: DateInput;
  to: DateInput;
  /** IANA zone, e.g. "America/New_York"; overrides the client's. */
  timeZone?: string;
}

export interface PublicationStatsQuery extends StatsRange {
  /** 'publication' (default): one record per publication; 'adslot': one per ad slot. */
  level?: 'publication' | 'adslot';
  /** One record per country instead of one per entity. */
  byCountry?: boolean;
  publication?: string;
}

export interface AdSlotStatsQuery extends StatsRange {
  byCountry?: boolean;
}

export type CampaignStatsQuery = StatsRange;

/** Publisher figures; `currency` is "USD" (the only one) when the body leaves it out. */
export interface PublicationStatsRecord extends PublisherStatsValues {
  publication: string;
  adslot?: string;
  country?: string;
}

/** Ad slot figures (the endpoint does not say which publication the slot belongs to). */
export interface AdSlotStatsRecord extends PublisherStatsValues {
  adslot: string;
  country?: string;
}

/** Campaign figures: `ctr` is a raw ratio (2 % is "0.02"); `costPerConversion` may be "∞". */
export interface CampaignStatsRecord extends CampaignStatsValues {
  campaign: string;
}

/** `name`, `type`, `description`, `transparent` required; `url` for site types. */
export type PublicationCreate = SdkInput<typeof publicationSchema, 'create'>;

export type PublicationChanges = SdkInput<typeof publicationSchema, 'update'>;

export type AdSlotCreate = SdkInput<typeof adSlotSchema, 'create'>;

/** The service requires `name` on every update: pass the current one to keep it. */
export type AdSlotChanges = SdkInput<typeof adSlotSchema, 'update'>;

export interface ClientOptions {
  /** A path prefix (https://host/v1) is kept; http only for loopback. */
  baseUrl: string;
  email: string;
  /** The developer key; never written anywhere. */
  key: string;
  /** The account's IANA zone, needed for `Date`, `today` and `-7d`. */
  timeZone?: string;
  /** Per attempt, until the body has arrived (streams: between chunks). Default 30 000. */
  timeoutMs?: number;
  /** Default 10 000. */
  connectTimeoutMs?: number;
  /** Extra attempts for GETs on network errors, 5xx and 429; POSTs never re-sent. Default 3. */
  retries?: number;
  /** Each call, retries and streamed body included, must finish within this long. */
  deadlineMs?: number;
  /** Aborts every call of this client; they reject with InterruptedError. */
  signal?: AbortSignal;
  /** An undici Dispatcher (ProxyAgent, MockAgent…); not closed by close(). */
  dispatcher?: Dispatcher;
  userAgent?: string;
  /** One redacted line per request, response and retry. */
  onDebug?: (line: string) => void;
  /** Give several clients one `new HostGates()`: a 429 or Retry-After one meets pauses all on that host. */
  hostGates?: HostGates;
}

export interface CallOptions {
  signal?: AbortSignal;
  deadlineMs?: number;
  /** `true`: send nothing, resolve to a {@link DryRun}. */
  dryRun?: false;
  /** `true` (the endpoint's own format), `'xml'` or `'json'`: send the request, resolve to the {@link RawResponse}. */
  raw?: false;
}

/** The answer's format a raw call asks for; `true` keeps the endpoint's own (XML). */
export type RawFormat = true | 'xml' | 'json';

/** The method's very request is sent, and the call resolves to the body as received, unparsed. */
export interface RawOptions extends Omit<CallOptions, 'raw'> {
  raw: RawFormat;
}

/** Inputs are checked as usual, then the call resolves to the redacted request, nothing sent. */
export interface DryRunOptions extends Omit<CallOptions, 'dryRun' | 'raw'> {
  dryRun: true;
  /** The raw call's request is described (its format). */
  raw?: RawFormat | false;
}

/** Any call's options: the records, the raw answer, or the dry run. */
export type AnyCallOptions = CallOptions | RawOptions | DryRunOptions;

/** What a call resolves to, by its options (a union of options gives the union of answers). */
export type Answer<O, T> = O extends { dryRun: true } ? DryRun : O extends { raw: RawFormat } ? RawResponse : T;

/** A list's answer: the records as an EntityList (sent when iterated), else a promise of the raw answer or dry run. */
export type ListAnswer<O, L> = O extends { dryRun: true } ? Promise<DryRun> : O extends { raw: RawFormat } ? Promise<RawResponse> : L;

export interface DryRun {
  requests: DescribedRequest[];
}

/** For `client.request()`: the path under the base URL, IDs encoded, no format suffix. */
export interface RawRequest {
  /** GET (default) is retried, POST never re-sent. */
  method?: 'GET' | 'POST';
  path: string;
  query?: Readonly<Record<string, string | undefined>>;
  form?: Readonly<Record<string, string | undefined>>;
  /** Default 'xml'. */
  format?: 'xml' | 'json';
}

/** The body as received, decoded; a masg-error body rejects instead. */
export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
  bytes: Uint8Array;
}

/**
 * One method per endpoint. Each takes a last options object: `{ dryRun: true }` resolves to a
 * {@link DryRun}, `{ raw: true }` to the {@link RawResponse} of the very same request, anything
 * else to the records. `O` is inferred from that argument; there is no need to name it.
 */
export interface MasgClient {
  listPublications<O extends AnyCallOptions = CallOptions>(
    query?: { status?: PublicationListStatus },
    opts?: O,
  ): ListAnswer<O, EntityList<Publication>>;
  getPublication<O extends AnyCallOptions = CallOptions>(id: string, opts?: O): Promise<Answer<O, Publication>>;
  createPublication<O extends AnyCallOptions = CallOptions>(input: PublicationCreate, opts?: O): Promise<Answer<O, Publication>>;
  /** Resolves with the publication as it is now: compare `status`, a refused move is silent. */
  updatePublication<O extends AnyCallOptions = CallOptions>(
    id: string,
    changes: PublicationChanges,
    opts?: O,
  ): Promise<Answer<O, Publication>>;

  listAdSlots<O extends AnyCallOptions = CallOptions>(query?: { publication?: string }, opts?: O): ListAnswer<O, EntityList<AdSlot>>;
  getAdSlot<O extends AnyCallOptions = CallOptions>(id: string, opts?: O): Promise<Answer<O, AdSlot>>;
  createAdSlot<O extends AnyCallOptions = CallOptions>(input: AdSlotCreate, opts?: O): Promise<Answer<O, AdSlot>>;
  updateAdSlot<O extends AnyCallOptions = CallOptions>(id: string, changes: AdSlotChanges, opts?: O): Promise<Answer<O, AdSlot>>;

  listAdvertisers<O extends AnyCallOptions = CallOptions>(opts?: O): ListAnswer<O, EntityList<Advertiser>>;
  listCampaigns<O extends AnyCallOptions = CallOptions>(advertiserId: string, opts?: O): ListAnswer<O, EntityList<Campaign>>;
  getCampaign<O extends AnyCallOptions = CallOptions>(id: string, opts?: O): Promise<Answer<O, Campaign>>;

  publicationStats<O extends AnyCallOptions = CallOptions>(
    query: PublicationStatsQuery,
    opts?: O,
  ): ListAnswer<O, StatsList<PublicationStatsRecord>>;
  adSlotStats<O extends AnyCallOptions = CallOptions>(
    id: string,
    query: AdSlotStatsQuery,
    opts?: O,
  ): ListAnswer<O, StatsList<AdSlotStatsRecord>>;
  campaignStats<O extends AnyCallOptions = CallOptions>(
    id: string,
    query: CampaignStatsQuery,
    opts?: O,
  ): ListAnswer<O, StatsList<CampaignStatsRecord>>;

  /** Any endpoint, with the client's credentials and retries; the body is returned unparsed. */
  request<O extends AnyCallOptions = CallOptions>(req: RawRequest, opts?: O): Promise<O extends { dryRun: true } ? DryRun : RawResponse>;

  /** Closes the connections this client opened. */
  close(): Promise<void>;
}

// The public types of the Node SDK (`import { createClient } from 'masg'`). Records keep the
// service's exact strings: IDs are opaque ("0012" stays "0012"), counts may exceed 2^53, money is
// an exact decimal. Nothing here is converted to a JS number behind the caller's back.
import type { Dispatcher } from 'undici';
import type { AdSlot, Advertiser, Campaign, DescribedRequest, EntityList, Publication } from '../transport/types.js';
import type { adSlotSchema } from '../schema/adslot.js';
import type { SdkInput } from '../schema/field.js';
import type { publicationSchema } from '../schema/publication.js';
import type { CampaignStatsValues, PublisherStatsValues } from '../schema/statistics.js';

export type { AdSlot, Advertiser, Campaign, DescribedRequest, EntityList, Publication };

/**
 * An exact decimal as the service wrote it: `"12.34"`, `"-0.00"`, `"0.02"`. Also `"∞"` (cost per
 * conversion without conversions) and `""` (the service left the value out). Never a float:
 * use a decimal library, or `BigInt(amount.replace('.', ''))` for cents, when you compute.
 */
export type Decimal = string;

/** A count as the service wrote it (decimal digits, `""` when left out): `BigInt(count)` is exact. */
export type Count = string;

/** A point in time for `from`/`to`; see {@link StatsRange}. */
export type DateInput = Date | string;

/**
 * The hours of a report, both ends inclusive, in the account's time zone (the service counts
 * hours in it):
 * - `'YYYY-MM-DD'`: a whole day (`from` = its hour 00, `to` = its hour 23);
 * - `'YYYY-MM-DDTHH'` or `'YYYYMMDDHH'` (10 digits): that one hour;
 * - `'today'`, `'yesterday'`, `'-7d'`: days counted in `timeZone` (needs it);
 * - a `Date`: the hour of the account's day that contains that instant (needs `timeZone`).
 */
export interface StatsRange {
  from: DateInput;
  to: DateInput;
  /** The account's IANA zone, e.g. "America/New_York"; overrides the client's `timeZone`. */
  timeZone?: string;
}

export interface PublicationStatsQuery extends StatsRange {
  /** 'publication' (default): one record per publication; 'adslot': one per ad slot. */
  level?: 'publication' | 'adslot';
  /** One record per country (two-letter code) instead of one per entity. */
  byCountry?: boolean;
  /** One publication's figures instead of every publication's. */
  publication?: string;
}

export interface AdSlotStatsQuery extends StatsRange {
  byCountry?: boolean;
}

export type CampaignStatsQuery = StatsRange;

/**
 * Publisher figures: one publication (or ad slot, with `level: 'adslot'`), maybe one country.
 * The figures (src/schema/statistics.ts): counts (`requests`, `impressions`, `clicks`) and the decimal
 * `earnings`; `currency` is "USD" (the service's only currency) when the body leaves it out.
 */
export interface PublicationStatsRecord extends PublisherStatsValues {
  publication: string;
  /** With `level: 'adslot'`. */
  adslot?: string;
  /** With `byCountry: true`: a two-letter country code. */
  country?: string;
}

/** Ad slot figures (the endpoint does not say which publication the slot belongs to). */
export interface AdSlotStatsRecord extends PublisherStatsValues {
  adslot: string;
  country?: string;
}

/**
 * Campaign figures (src/schema/statistics.ts): counts, and decimals as sent: `conversionsPercent` is
 * conversions per 100 clicks, `ctr` the raw click-through ratio (2 % is "0.02", despite the service
 * labelling it USD), `costPerConversion` is "∞" when there were no conversions.
 */
export interface CampaignStatsRecord extends CampaignStatsValues {
  campaign: string;
}

// What the create and update calls take is derived from the entity schemas (src/schema/): each
// field's SDK kind gives its type (a boolean, a list as an array or "a,b", a count as a string,
// bigint or number, an enumeration's values), each form says which fields are required.

/**
 * Publication fields for create (`name`, `type`, `description`, `transparent` required; `url` for
 * site types). `type`: MOBILE_SITE, IPHONE_APP, IPHONE_SITE, IPAD_APP, ANDROID_APP, JAVA_APP or
 * OTHER_APP. `languages`: ISO 639-1 codes, e.g. ['en', 'de'] (or "en,de").
 */
export type PublicationCreate = SdkInput<typeof publicationSchema, 'create'>;

/** Publication changes: only what is given is sent. `status`: ACTIVE, PAUSED or STOPPED. */
export type PublicationChanges = SdkInput<typeof publicationSchema, 'update'>;

/** `formats`: banner, text, iab300x250 (at least one). */
export type AdSlotCreate = SdkInput<typeof adSlotSchema, 'create'>;

/** The service requires `name` on every ad slot update (production): pass the current one to keep it. */
export type AdSlotChanges = SdkInput<typeof adSlotSchema, 'update'>;

export interface ClientOptions {
  /** The service's base URL; a path prefix (https://host/v1) is kept. http only for loopback. */
  baseUrl: string;
  email: string;
  /** The developer key. Never written anywhere (debug lines are redacted). */
  key: string;
  /** The account's IANA time zone: how `Date`, `today` and `yesterday` become the service's hours. */
  timeZone?: string;
  /** Per attempt, until the whole body has arrived (streams: until the headers, then between chunks). Default 30 000. */
  timeoutMs?: number;
  /** Establishing the connection. Default 10 000. */
  connectTimeoutMs?: number;
  /** Extra attempts for reads (GET) on network errors, 5xx and 429; writes are never re-sent. Default 3. */
  retries?: number;
  /** Each call (attempts, waits and a streamed body to its end) must finish within this long. */
  deadlineMs?: number;
  /** Aborts every call of this client; they reject with InterruptedError. */
  signal?: AbortSignal;
  /** An undici Dispatcher (a ProxyAgent, a MockAgent, a tuned Agent). Not closed by close(). */
  dispatcher?: Dispatcher;
  /** Default "masg-node/<version>". */
  userAgent?: string;
  /** Receives one redacted line per request, response and retry (the key never appears). */
  onDebug?: (line: string) => void;
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts this call (together with the client's signal). */
  signal?: AbortSignal;
  /** Overrides the client's `deadlineMs` for this call. */
  deadlineMs?: number;
  /** `true`: send nothing and resolve to a {@link DryRun} instead (see {@link DryRunOptions}). */
  dryRun?: false;
}

/**
 * A call that sends nothing: its inputs are checked as usual (a refused input still rejects),
 * then it resolves to the request it would have sent, credentials redacted.
 *
 * ```ts
 * const plan = await client.updatePublication('0012', { status: 'PAUSED' }, { dryRun: true });
 * console.log(plan.requests[0].text); // POST https://…/publication/0012.xml, headers, body
 * ```
 */
export interface DryRunOptions extends Omit<CallOptions, 'dryRun'> {
  dryRun: true;
}

/** What a call with `{ dryRun: true }` resolves to: the requests it would send, none sent. */
export interface DryRun {
  /** In the order they would go out (every typed method sends one). */
  requests: DescribedRequest[];
}

/**
 * Any endpoint, as `client.request()` sends it (like octokit's `request()`): the path under the
 * base URL (`/publication/list`, IDs already encoded), without a format suffix.
 */
export interface RawRequest {
  /** GET (default) or POST: the only methods the service has. GETs are retried, POSTs never re-sent. */
  method?: 'GET' | 'POST';
  path: string;
  /** GET parameters, sent literally as the query string (undefined values are left out). */
  query?: Readonly<Record<string, string | undefined>>;
  /** POST parameters, sent literally as a form body. */
  form?: Readonly<Record<string, string | undefined>>;
  /** The body format asked of the service (default 'xml'). */
  format?: 'xml' | 'json';
}

/** A service body as received (decoded from its charset); a masg-error body rejects instead. */
export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
  /** The same body, byte for byte as it arrived (before decoding). */
  bytes: Uint8Array;
}

/**
 * What `createClient` returns: one method per endpoint. Every method also takes
 * `{ dryRun: true }` ({@link DryRunOptions}) and then resolves to a {@link DryRun}: the request it
 * would send, nothing sent. Lists and statistics too: a promise of the description instead of
 * an EntityList.
 */
export interface MasgClient {
  listPublications(query?: { status?: 'ACTIVE' | 'PAUSED' | 'STOPPED' }, opts?: CallOptions): EntityList<Publication>;
  listPublications(query: { status?: 'ACTIVE' | 'PAUSED' | 'STOPPED' } | undefined, opts: DryRunOptions): Promise<DryRun>;
  getPublication(id: string, opts?: CallOptions): Promise<Publication>;
  getPublication(id: string, opts: DryRunOptions): Promise<DryRun>;
  createPublication(input: PublicationCreate, opts?: CallOptions): Promise<Publication>;
  createPublication(input: PublicationCreate, opts: DryRunOptions): Promise<DryRun>;
  /** Resolves with the publication as it is now: compare `status`, a refused move is silent. */
  updatePublication(id: string, changes: PublicationChanges, opts?: CallOptions): Promise<Publication>;
  updatePublication(id: string, changes: PublicationChanges, opts: DryRunOptions): Promise<DryRun>;

  listAdSlots(query?: { publication?: string }, opts?: CallOptions): EntityList<AdSlot>;
  listAdSlots(query: { publication?: string } | undefined, opts: DryRunOptions): Promise<DryRun>;
  getAdSlot(id: string, opts?: CallOptions): Promise<AdSlot>;
  getAdSlot(id: string, opts: DryRunOptions): Promise<DryRun>;
  createAdSlot(input: AdSlotCreate, opts?: CallOptions): Promise<AdSlot>;
  createAdSlot(input: AdSlotCreate, opts: DryRunOptions): Promise<DryRun>;
  updateAdSlot(id: string, changes: AdSlotChanges, opts?: CallOptions): Promise<AdSlot>;
  updateAdSlot(id: string, changes: AdSlotChanges, opts: DryRunOptions): Promise<DryRun>;

  listAdvertisers(opts?: CallOptions): EntityList<Advertiser>;
  listAdvertisers(opts: DryRunOptions): Promise<DryRun>;
  listCampaigns(advertiserId: string, opts?: CallOptions): EntityList<Campaign>;
  listCampaigns(advertiserId: string, opts: DryRunOptions): Promise<DryRun>;
  getCampaign(id: string, opts?: CallOptions): Promise<Campaign>;
  getCampaign(id: string, opts: DryRunOptions): Promise<DryRun>;

  publicationStats(query: PublicationStatsQuery, opts?: CallOptions): EntityList<PublicationStatsRecord>;
  publicationStats(query: PublicationStatsQuery, opts: DryRunOptions): Promise<DryRun>;
  adSlotStats(id: string, query: AdSlotStatsQuery, opts?: CallOptions): EntityList<AdSlotStatsRecord>;
  adSlotStats(id: string, query: AdSlotStatsQuery, opts: DryRunOptions): Promise<DryRun>;
  campaignStats(id: string, query: CampaignStatsQuery, opts?: CallOptions): EntityList<CampaignStatsRecord>;
  campaignStats(id: string, query: CampaignStatsQuery, opts: DryRunOptions): Promise<DryRun>;

  /**
   * Any endpoint, with the client's credentials, retries, deadlines and redaction; the body is
   * returned unparsed. A masg-error rejects with ApiError/AuthError, like every other method.
   */
  request(req: RawRequest, opts?: CallOptions): Promise<RawResponse>;
  request(req: RawRequest, opts: DryRunOptions): Promise<DryRun>;

  /** Closes the connections this client opened (not an injected dispatcher). */
  close(): Promise<void>;
}

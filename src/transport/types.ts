// Every value is the string the service sent ('' when missing), so "0012" and counts beyond 2^53
// survive; typing happens at output time, from the column schema.
export type { Publication, PublicationInput } from '../schema/publication.js';
export type { AdSlot, AdSlotInput } from '../schema/adslot.js';
export type { Advertiser } from '../schema/advertiser.js';
export type { Campaign } from '../schema/campaign.js';

export type Format = 'xml' | 'json';
export type HttpMethod = 'GET' | 'POST';

export interface ApiRequest {
  method: HttpMethod;
  /** Without the format suffix, e.g. "/publication/list"; IDs already encoded. */
  path: string;
  params?: Record<string, string | undefined>;
  /** XML (the lossless one) unless the user asked for --raw json. */
  format?: Format;
}

export interface ApiResponse {
  status: number;
  contentType: string;
  /** Decoded by the declared charset (production JSON is ISO-8859-1). */
  body: string;
  /** As they arrived, for --raw: a decoded body re-encoded would differ. */
  bytes?: Uint8Array;
}

/** A request described instead of sent (a dry run), credentials redacted. */
export interface DescribedRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** As `masg --dry-run` prints it. */
  text: string;
}

export interface Transport {
  describe(req: ApiRequest): Promise<DescribedRequest>;
  request(req: ApiRequest): Promise<ApiResponse>;
  stream<T = never>(req: ApiRequest, opts?: StreamOptions<T>): Promise<StreamResponse<T>>;
  close(): Promise<void>;
}

export interface StreamOptions<T = never> {
  /** Default 512. A body no longer than this is read whole (a cut is retried as by request()); past it a cut is final. */
  readAhead?: number;
  /**
   * Reads a success body that arrived whole, before it is handed over, instead of the generic
   * well-formedness check: a MalformedBody it throws fails as a malformed body would. Its result
   * is handed over as `read`, so the body is parsed once.
   */
  readWhole?: (res: ApiResponse) => T | Promise<T>;
}

export interface StreamResponse<T = never> {
  status: number;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
  /** What `readWhole` made of a body that arrived whole; undefined when it streams. */
  read?: T;
}

/** A list endpoint's records, fetched when iterated: one request (no paging), parsed as it arrives. */
export interface EntityList<T> extends AsyncIterable<T> {
  /** One array per parsed chunk of the body. */
  batches(): AsyncIterable<T[]>;
  /** Every record in one array: memory grows with the list. */
  toArray(): Promise<T[]>;
}

// Entities as the client sees them. Every value is the string the service sent ('' when the
// service sent an empty or missing value): IDs like "0012" and counts beyond 2^53 must survive,
// so typing happens only on purpose, at output time, from the column schema.
// Type aliases rather than interfaces so an entity is assignable to Record<string, string>
// (output rows) without a copy.

// The entity types are derived from their schemas (src/schema/): one field, one edit.
export type { Publication, PublicationInput } from '../schema/publication.js';
export type { AdSlot, AdSlotInput } from '../schema/adslot.js';
export type { Advertiser } from '../schema/advertiser.js';
export type { Campaign } from '../schema/campaign.js';

export type Format = 'xml' | 'json';
export type HttpMethod = 'GET' | 'POST';

/** One request as the API layer describes it; the transport turns it into HTTP. */
export interface ApiRequest {
  method: HttpMethod;
  /** Path under the base URL without the format suffix, e.g. "/publication/list". IDs already encoded. */
  path: string;
  params?: Record<string, string | undefined>;
  /** Response format; XML (the lossless one) unless the user asked for --raw json. */
  format?: Format;
}

/** A complete response whose body was decoded from its declared charset. */
export interface ApiResponse {
  status: number;
  contentType: string;
  /** Decoded by the declared charset (production JSON is ISO-8859-1). */
  body: string;
  /** The body's bytes as they arrived, for --raw (the transport sets them; a decoded body re-encoded would differ). */
  bytes?: Uint8Array;
}

/**
 * A request described instead of sent (a dry run). The credentials are redacted: the
 * Authorization header reads "[REDACTED]", and the key never appears in the URL or body.
 */
export interface DescribedRequest {
  method: HttpMethod;
  /** The full URL, query string included. */
  url: string;
  /** The headers that would be sent, by display name ("User-Agent"), values redacted. */
  headers: Record<string, string>;
  /** The form body of a POST, exactly as it would be sent. */
  body?: string;
  /** The whole request as `masg --dry-run` prints it: request line, headers, blank line, body. */
  text: string;
}

/** The seam between the API layer and HTTP. Implemented by src/transport/transport.ts. */
export interface ApiClient {
  /** The request this client would send for `req`, built and redacted, without sending anything. */
  describe(req: ApiRequest): Promise<DescribedRequest>;
  /** Send and read the whole body; throws ApiError/AuthError for masg-error bodies, NetworkError otherwise. */
  request(req: ApiRequest): Promise<ApiResponse>;
  /** Send and hand back the body as a byte stream (statistics, lists): errors as for request(). */
  stream(req: ApiRequest, opts?: StreamOptions): Promise<{ status: number; contentType: string; body: AsyncIterable<Uint8Array> }>;
  /** Release sockets. */
  close(): Promise<void>;
}

export interface StreamOptions {
  /**
   * Bytes read before the body is handed over (default: 512, enough to see the root). A body no
   * longer than this is read whole first, so a cut or malformed one is retried or reported as by
   * request(); a longer one is handed over after this much, and a cut after that is final.
   */
  readAhead?: number;
}

/**
 * The records of a list endpoint, fetched when iterated (`for await (const p of
 * listPublications(client))`). The service has no paging: one request, parsed as it arrives.
 */
export interface EntityList<T> extends AsyncIterable<T> {
  /** The same records in document-order arrays, one per parsed chunk of the body. */
  batches(): AsyncIterable<T[]>;
  /** Every record in one array: memory grows with the list. */
  toArray(): Promise<T[]>;
}

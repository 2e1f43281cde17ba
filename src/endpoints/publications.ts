// Values are strings: statuses and types the spec does not list (PENDING, IPAD_APP…) pass through.
import { endpoint } from './endpoint.js';
import { entityList, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import {
  PUBLICATION_CREATE_PARAMS,
  PUBLICATION_RECORD_FIELDS,
  PUBLICATION_UPDATE_PARAMS,
  publicationSchema,
} from '../schema/publication.js';
import type { Transport, ApiRequest, EntityList, Publication, PublicationInput } from '../transport/types.js';

const toPublication = (record: Record<string, string>): Publication => pickFields(PUBLICATION_RECORD_FIELDS, record);
const readPublication = async (client: Transport, req: ApiRequest): Promise<Publication> =>
  toPublication(singleRecord(await client.request(req), 'publication'));

/** Sorted by name, streamed. */
export const listPublications = endpoint(
  (query: { status?: string } = {}): ApiRequest => ({ method: 'GET', path: '/publication/list', params: { status: query.status } }),
  (client, req): EntityList<Publication> =>
    entityList(client, req, { tag: publicationSchema.tag, fields: PUBLICATION_RECORD_FIELDS, what: publicationSchema.plural }),
);

// From the schema: the type cannot change after creation; status can only be set on update.
export const createPublication = endpoint(
  (input: PublicationInput): ApiRequest => ({
    method: 'POST',
    path: '/publication/create',
    params: pickParams(input, PUBLICATION_CREATE_PARAMS),
  }),
  readPublication,
);

/** The response shows the publication as it is now: a refused status move keeps the old status. */
export const updatePublication = endpoint(
  (id: string, input: PublicationInput): ApiRequest => ({
    method: 'POST',
    path: `/publication/${segment(id)}`,
    params: pickParams(input, PUBLICATION_UPDATE_PARAMS),
  }),
  readPublication,
);

/** An unknown ID is ApiError 2000, another account's 2001. */
export const getPublication = endpoint(
  (id: string): ApiRequest => ({ method: 'GET', path: `/publication/${segment(id)}` }),
  readPublication,
);

// Values are strings: statuses and types the spec does not list (PENDING, IPAD_APP…) pass through.
import { entityList, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import {
  PUBLICATION_CREATE_PARAMS,
  PUBLICATION_RECORD_FIELDS,
  PUBLICATION_UPDATE_PARAMS,
  publicationSchema,
} from '../schema/publication.js';
import type { Transport, ApiRequest, EntityList, Publication, PublicationInput } from '../transport/types.js';

// From the schema: the type cannot change after creation; status can only be set on update.
export const publicationRequests = {
  list: (query: { status?: string } = {}): ApiRequest => ({
    method: 'GET',
    path: '/publication/list',
    params: { status: query.status },
  }),
  create: (input: PublicationInput): ApiRequest => ({
    method: 'POST',
    path: '/publication/create',
    params: pickParams(input, PUBLICATION_CREATE_PARAMS),
  }),
  view: (id: string): ApiRequest => ({ method: 'GET', path: `/publication/${segment(id)}` }),
  update: (id: string, input: PublicationInput): ApiRequest => ({
    method: 'POST',
    path: `/publication/${segment(id)}`,
    params: pickParams(input, PUBLICATION_UPDATE_PARAMS),
  }),
};

const toPublication = (record: Record<string, string>): Publication => pickFields(PUBLICATION_RECORD_FIELDS, record);

/** Sorted by name, streamed. */
export function listPublications(client: Transport, query: { status?: string } = {}): EntityList<Publication> {
  return entityList(client, publicationRequests.list(query), {
    tag: publicationSchema.tag,
    fields: PUBLICATION_RECORD_FIELDS,
    what: publicationSchema.plural,
  });
}

export async function createPublication(client: Transport, input: PublicationInput): Promise<Publication> {
  return toPublication(singleRecord(await client.request(publicationRequests.create(input)), 'publication'));
}

/** The response shows the publication as it is now: a refused status move keeps the old status. */
export async function updatePublication(client: Transport, id: string, input: PublicationInput): Promise<Publication> {
  return toPublication(singleRecord(await client.request(publicationRequests.update(id, input)), 'publication'));
}

/** An unknown ID is ApiError 2000, another account's 2001. */
export async function getPublication(client: Transport, id: string): Promise<Publication> {
  return toPublication(singleRecord(await client.request(publicationRequests.view(id)), 'publication'));
}

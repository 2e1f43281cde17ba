// Publisher publications: list, create, update. Values are passed and returned as strings;
// statuses and types the spec does not list (PENDING, IPAD_APP…) pass through untouched.
import { entityList, pickFields, singleRecord } from './entities.js';
import { pickParams, segment } from './params.js';
import type { ApiClient, ApiRequest, EntityList, Publication, PublicationInput } from './types.js';

export const PUBLICATION_FIELDS = [
  'id',
  'name',
  'description',
  'type',
  'reference',
  'url',
  'transparent',
  'requests',
  'uniques',
  'languages',
  'autoapprove',
  'status',
] as const satisfies readonly (keyof Publication)[];

const CREATE_PARAMS = [
  'name',
  'type',
  'description',
  'reference',
  'url',
  'transparent',
  'languages',
  'requests',
  'uniques',
  'autoapprove',
] as const satisfies readonly (keyof PublicationInput)[];

// The type cannot change after creation; status can only be set on update.
const UPDATE_PARAMS = [
  'name',
  'description',
  'reference',
  'url',
  'transparent',
  'languages',
  'requests',
  'uniques',
  'autoapprove',
  'status',
] as const satisfies readonly (keyof PublicationInput)[];

export const publicationRequests = {
  list: (query: { status?: string } = {}): ApiRequest => ({
    method: 'GET',
    path: '/publication/list',
    params: { status: query.status },
  }),
  create: (input: PublicationInput): ApiRequest => ({
    method: 'POST',
    path: '/publication/create',
    params: pickParams(input, CREATE_PARAMS),
  }),
  view: (id: string): ApiRequest => ({ method: 'GET', path: `/publication/${segment(id)}` }),
  update: (id: string, input: PublicationInput): ApiRequest => ({
    method: 'POST',
    path: `/publication/${segment(id)}`,
    params: pickParams(input, UPDATE_PARAMS),
  }),
};

const toPublication = (record: Record<string, string>): Publication => pickFields(PUBLICATION_FIELDS, record);

/** Every publication of the account (or those with `status`), sorted by name, streamed. */
export function listPublications(client: ApiClient, query: { status?: string } = {}): EntityList<Publication> {
  return entityList(client, publicationRequests.list(query), { tag: 'publication', fields: PUBLICATION_FIELDS, what: 'publications' });
}

export async function createPublication(client: ApiClient, input: PublicationInput): Promise<Publication> {
  return toPublication(singleRecord(await client.request(publicationRequests.create(input)), 'publication'));
}

/** The response shows the publication as it is now: a refused status move keeps the old status. */
export async function updatePublication(client: ApiClient, id: string, input: PublicationInput): Promise<Publication> {
  return toPublication(singleRecord(await client.request(publicationRequests.update(id, input)), 'publication'));
}

/** One publication (`GET /publication/{id}`); an unknown ID is ApiError 2000, another account's 2001. */
export async function getPublication(client: ApiClient, id: string): Promise<Publication> {
  return toPublication(singleRecord(await client.request(publicationRequests.view(id)), 'publication'));
}

// The typed methods' requests, unsent: what `--raw` and `--dry-run` use. Heavy: import lazily.
import type { ApiRequest } from '../transport/types.js';
import type { RawRequest } from './types.js';

export { publicationRequests } from '../endpoints/publications.js';
export { adSlotRequests } from '../endpoints/adslots.js';
export { advertiserRequests } from '../endpoints/advertisers.js';
export { campaignRequests } from '../endpoints/campaigns.js';
export { singleRecord } from '../endpoints/entities.js';
export type { ApiRequest };

export function asRawRequest(req: ApiRequest, format?: 'xml' | 'json'): RawRequest {
  return req.method === 'GET'
    ? { method: 'GET', path: req.path, query: req.params, format: format ?? req.format }
    : { method: 'POST', path: req.path, form: req.params, format: format ?? req.format };
}

// The typed methods' requests, unsent: what `--raw` and `--dry-run` use. Heavy: import lazily.
import type { ApiRequest } from '../api/types.js';
import type { RawRequest } from './types.js';

export { publicationRequests } from '../api/publications.js';
export { adSlotRequests } from '../api/adslots.js';
export { advertiserRequests } from '../api/advertisers.js';
export { campaignRequests } from '../api/campaigns.js';
export { singleRecord } from '../api/entities.js';
export type { ApiRequest };

export function asRawRequest(req: ApiRequest, format?: 'xml' | 'json'): RawRequest {
  return req.method === 'GET'
    ? { method: 'GET', path: req.path, query: req.params, format: format ?? req.format }
    : { method: 'POST', path: req.path, form: req.params, format: format ?? req.format };
}

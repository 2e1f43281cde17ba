// The requests the typed methods send, described without sending them: what `--raw` and
// `--dry-run` show. The CLI passes one to `client.request(asRawRequest(req))`, so `--raw` sends
// exactly what the typed call would. Loads the API layer's entity modules: import it lazily.
import type { ApiRequest } from '../transport/types.js';
import type { RawRequest } from './types.js';

export { publicationRequests } from '../endpoints/publications.js';
export { adSlotRequests } from '../endpoints/adslots.js';
export { advertiserRequests } from '../endpoints/advertisers.js';
export { campaignRequests } from '../endpoints/campaigns.js';
export { singleRecord } from '../endpoints/entities.js';
export type { ApiRequest };

/** The RawRequest an API-layer request stands for (the CLI's --raw sends what the typed call would). */
export function asRawRequest(req: ApiRequest, format?: 'xml' | 'json'): RawRequest {
  return req.method === 'GET'
    ? { method: 'GET', path: req.path, query: req.params, format: format ?? req.format }
    : { method: 'POST', path: req.path, form: req.params, format: format ?? req.format };
}

// The requests the typed methods send, described without sending them: what `--raw` and
// `--dry-run` show. The CLI passes one to `client.request(asRawRequest(req))`, so `--raw` sends
// exactly what the typed call would. Loads the API layer's entity modules: import it lazily.
export { publicationRequests } from '../api/publications.js';
export { adSlotRequests } from '../api/adslots.js';
export { advertiserRequests } from '../api/advertisers.js';
export { campaignRequests } from '../api/campaigns.js';
export { singleRecord } from '../api/entities.js';
export type { ApiRequest } from '../api/types.js';
export { asRawRequest } from './raw-request.js';

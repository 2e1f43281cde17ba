// The API layer in one import, for callers that load it lazily: `await import('./api/index.js')`.
export { createClient, DryRunDone, DEFAULT_TIMEOUT_MS, type ClientOptions } from './transport.js';
export { listPublications, getPublication, createPublication, updatePublication, publicationRequests } from './publications.js';
export { listAdSlots, getAdSlot, createAdSlot, updateAdSlot, adSlotRequests } from './adslots.js';
export { listAdvertisers, advertiserRequests } from './advertisers.js';
export { listCampaigns, getCampaign, campaignRequests } from './campaigns.js';
export { parseXml, decodeXmlText, childrenNamed, fieldsOf, type XmlElement } from './xml.js';
export { parseJson } from './json.js';
export type * from './types.js';

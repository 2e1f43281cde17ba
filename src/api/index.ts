// The entity functions in one import, for the SDK, which loads them lazily (src/sdk/client.ts):
// `await import('../api/index.js')`.
export { listPublications, getPublication, createPublication, updatePublication } from './publications.js';
export { listAdSlots, getAdSlot, createAdSlot, updateAdSlot } from './adslots.js';
export { listAdvertisers } from './advertisers.js';
export { listCampaigns, getCampaign } from './campaigns.js';

// The entity functions in one import, for the SDK's typed methods.
export { listPublications, getPublication, createPublication, updatePublication } from './publications.js';
export { listAdSlots, getAdSlot, createAdSlot, updateAdSlot } from './adslots.js';
export { listAdvertisers } from './advertisers.js';
export { listCampaigns, getCampaign } from './campaigns.js';

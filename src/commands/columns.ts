// The entities' columns and default table fields, derived from their schemas (src/schema/): kept
// here as re-exports for the commands that show them.
export { publicationColumns, publicationTableFields } from '../schema/publication.js';
export { adSlotColumns } from '../schema/adslot.js';
export { advertiserColumns } from '../schema/advertiser.js';
export { campaignColumns, campaignTableFields } from '../schema/campaign.js';

// The entities' columns and default table fields, derived from their schemas (src/schema/): kept
// here as re-exports for the commands that show them.
export { publicationColumns, publicationTableFields } from '../schema/publication.js';
export { adSlotColumns, adSlotColumnsNamed } from '../schema/adslot.js';
export { advertiserColumns } from '../schema/advertiser.js';
export { campaignColumns, campaignColumnsNamed, campaignTableFields, campaignTableFieldsNamed } from '../schema/campaign.js';

// The service writes campaign dates as `MM-DD-YYYY HH:MM`; masg shows them as ISO 8601 local
// date-times so every date it prints sorts and parses the same way (--raw keeps the body).
import type { Campaign } from '../schema/campaign.js';

export const CAMPAIGN_DATE_FIELDS = [
  'startDate',
  'endDate',
  'activationDate',
  'deactivationDate',
] as const satisfies readonly (keyof Campaign)[];

const SERVICE_FORM = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/;

/** `09-24-2026 13:23` → `2026-09-24T13:23`; an unknown form passes unchanged. */
export function isoCampaignDate(value: string): string {
  const m = SERVICE_FORM.exec(value.trim());
  return m ? `${m[3]}-${m[1]}-${m[2]}T${m[4]}:${m[5]}` : value;
}

export function withIsoDates<T extends Partial<Record<(typeof CAMPAIGN_DATE_FIELDS)[number], string>>>(record: T): T {
  const out = { ...record };
  for (const key of CAMPAIGN_DATE_FIELDS) {
    const value = out[key];
    if (typeof value === 'string') (out as Record<string, string>)[key] = isoCampaignDate(value);
  }
  return out;
}

// Entities as production writes them: field order, empty-tag style and JSON types.

import { bool, str, type Field } from './wire/fields.js';
import type { AdSlotRecord, AdvertiserRecord, CampaignRecord, PublicationRecord } from './types.js';

export function publicationFields(p: PublicationRecord): Field[] {
  return [
    str('id', p.id, 'self'),
    str('name', p.name, 'self'),
    str('description', p.description, 'self'),
    str('type', p.type, 'self'),
    str('reference', p.reference, 'self'),
    str('url', p.url, 'self'),
    bool('transparent', p.transparent),
    // Accepted on create/update and never stored: production always writes them empty in XML.
    { ...str('requests', '', 'self'), xmlOnly: true },
    { ...str('uniques', '', 'self'), xmlOnly: true },
    str('languages', p.languages.join(','), 'self'),
    bool('autoapprove', p.autoapprove),
    str('status', p.status, 'self'),
  ];
}

export function adSlotFields(s: AdSlotRecord): Field[] {
  return [
    str('id', s.id, 'self'),
    str('publication', s.publication, 'self'),
    str('name', s.name, 'self'),
    str('formats', s.formats.join(','), 'self'),
    str('tags', s.tags.join(','), 'self'),
  ];
}

export function advertiserFields(a: AdvertiserRecord): Field[] {
  return [
    str('id', a.id, 'pair'),
    str('name', a.name, 'pair'),
    str('status', a.status, 'pair'),
    str('dailyBudget', a.dailyBudget, 'pair'),
    str('balance', a.balance, 'pair'),
    str('notifyLimit', a.notifyLimit, 'pair'),
  ];
}

const CAMPAIGN_KEYS = [
  'id',
  'name',
  'status',
  'description',
  'advertiser',
  'budgetType',
  'startDate',
  'endDate',
  'activationDate',
  'deactivationDate',
  'dailyBudget',
  'overallBudget',
  'dailyBudgetWeekday',
  'dailyBudgetWeekend',
] as const;

export function campaignFields(c: CampaignRecord): Field[] {
  return CAMPAIGN_KEYS.map((k) => str(k, c[k], 'pair'));
}

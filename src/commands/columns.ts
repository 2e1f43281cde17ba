// Column schemas of the entities: the order of CSV/JSON keys and the types JSON output uses.
// Machine formats get every column (a `list -o csv` file can be edited and fed back to
// `update --from`); tables show a narrower default set unless --fields says otherwise.

import type { Column } from '../output/types.js';

export const publicationColumns: Column[] = [
  { key: 'id', priority: 1 },
  { key: 'name', wrap: true, priority: 1 },
  { key: 'type' },
  { key: 'status', priority: 1 },
  { key: 'description', wrap: true, priority: 3 },
  { key: 'reference', wrap: true, priority: 3 },
  { key: 'url', wrap: true, priority: 3 },
  { key: 'transparent', type: 'bool', priority: 3 },
  { key: 'languages', wrap: true, priority: 3 },
  { key: 'requests', type: 'int' },
  { key: 'uniques', type: 'int' },
  { key: 'autoapprove', type: 'bool', priority: 3 },
];
export const publicationTableFields = ['id', 'name', 'type', 'status', 'languages', 'url'];

export const adSlotColumns: Column[] = [
  { key: 'id', priority: 1 },
  { key: 'publication' },
  { key: 'name', wrap: true, priority: 1 },
  { key: 'formats', wrap: true, priority: 3 },
  { key: 'tags', wrap: true, priority: 3 },
];

export const advertiserColumns: Column[] = [
  { key: 'id', priority: 1 },
  { key: 'name', wrap: true, priority: 1 },
  { key: 'status', priority: 1 },
  { key: 'dailyBudget', type: 'decimal' },
  { key: 'balance', type: 'decimal', priority: 1 },
  { key: 'notifyLimit', type: 'decimal', priority: 3 },
];

// Budgets are decimals for MONETARY campaigns but counts for IMPRESSIONS/CLICKS ones; 'decimal'
// still writes both exactly in JSON. Dates are ISO 8601 local date-times (YYYY-MM-DDTHH:MM, the
// server's zone, no offset), converted from the service's MM-DD-YYYY HH:MM in src/api/campaign-dates.ts.
export const campaignColumns: Column[] = [
  { key: 'id', priority: 1 },
  { key: 'name', wrap: true, priority: 1 },
  { key: 'status', priority: 1 },
  { key: 'advertiser' },
  { key: 'description', wrap: true, priority: 3 },
  { key: 'budgetType' },
  { key: 'startDate' },
  { key: 'endDate' },
  { key: 'activationDate', priority: 3 },
  { key: 'deactivationDate', priority: 3 },
  { key: 'dailyBudget', type: 'decimal' },
  { key: 'overallBudget', type: 'decimal' },
  { key: 'dailyBudgetWeekday', type: 'decimal', priority: 3 },
  { key: 'dailyBudgetWeekend', type: 'decimal', priority: 3 },
];
export const campaignTableFields = ['id', 'name', 'status', 'budgetType', 'startDate', 'endDate', 'dailyBudget', 'overallBudget'];

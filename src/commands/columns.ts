// Column schemas of the entities: the order of CSV/JSON keys and the types JSON output uses.
// Machine formats get every column (a `list -o csv` file can be edited and fed back to
// `update --from`); tables show a narrower default set unless --fields says otherwise.

import type { Column } from '../output/types.js';

export const publicationColumns: Column[] = [
  { key: 'id' },
  { key: 'name', wrap: true },
  { key: 'type' },
  { key: 'status' },
  { key: 'description', wrap: true },
  { key: 'reference', wrap: true },
  { key: 'url', wrap: true },
  { key: 'transparent', type: 'bool' },
  { key: 'languages', wrap: true },
  { key: 'requests', type: 'int' },
  { key: 'uniques', type: 'int' },
  { key: 'autoapprove', type: 'bool' },
];
export const publicationTableFields = ['id', 'name', 'type', 'status', 'languages', 'url'];

export const adSlotColumns: Column[] = [
  { key: 'id' },
  { key: 'publication' },
  { key: 'name', wrap: true },
  { key: 'formats', wrap: true },
  { key: 'tags', wrap: true },
];

export const advertiserColumns: Column[] = [
  { key: 'id' },
  { key: 'name', wrap: true },
  { key: 'status' },
  { key: 'dailyBudget', type: 'decimal' },
  { key: 'balance', type: 'decimal' },
  { key: 'notifyLimit', type: 'decimal' },
];

// Budgets are decimals for MONETARY campaigns but counts for IMPRESSIONS/CLICKS ones; 'decimal'
// still writes both exactly in JSON. Dates stay strings: MM-DD-YYYY HH:MM in the server's zone.
export const campaignColumns: Column[] = [
  { key: 'id' },
  { key: 'name', wrap: true },
  { key: 'status' },
  { key: 'advertiser' },
  { key: 'description', wrap: true },
  { key: 'budgetType' },
  { key: 'startDate' },
  { key: 'endDate' },
  { key: 'activationDate' },
  { key: 'deactivationDate' },
  { key: 'dailyBudget', type: 'decimal' },
  { key: 'overallBudget', type: 'decimal' },
  { key: 'dailyBudgetWeekday', type: 'decimal' },
  { key: 'dailyBudgetWeekend', type: 'decimal' },
];
export const campaignTableFields = ['id', 'name', 'status', 'budgetType', 'startDate', 'endDate', 'dailyBudget', 'overallBudget'];

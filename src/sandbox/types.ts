// The sandbox's state as persisted. Statistics are not stored: they come from the seed.

import type { Revision } from './statistics/revisions.js';

export interface Account {
  email: string;
  key: string;
  timeZone: string;
  /** When set, only these caller addresses may use the account (error 1004 otherwise). */
  allowedIps?: string[];
  /** A generated account's own seed: its IDs and statistics. Absent: the sandbox's seed. */
  seed?: number;
}

export interface StatusChange {
  at: string;
  status: string;
}

export interface PublicationRecord {
  id: string;
  account: string;
  name: string;
  description: string;
  type: string;
  reference: string;
  url: string;
  transparent: boolean;
  languages: string[];
  autoapprove: boolean;
  status: string;
  createdAt: string;
  /** The currency of its earnings (USD when absent; tests edit a state file to hold another). */
  currency?: string;
  /** Statistics accrue only while ACTIVE. */
  history: StatusChange[];
}

export interface AdSlotRecord {
  id: string;
  account: string;
  publication: string;
  name: string;
  formats: string[];
  tags: string[];
  createdAt: string;
}

export interface AdvertiserRecord {
  id: string;
  account: string;
  name: string;
  status: string;
  dailyBudget: string;
  balance: string;
  notifyLimit: string;
}

export interface CampaignRecord {
  id: string;
  account: string;
  advertiser: string;
  name: string;
  status: string;
  description: string;
  budgetType: string;
  startDate: string;
  endDate: string;
  activationDate: string;
  deactivationDate: string;
  dailyBudget: string;
  overallBudget: string;
  dailyBudgetWeekday: string;
  dailyBudgetWeekend: string;
  /** The span in which the campaign served (and so has statistics); absent = never served. */
  servedFrom?: string;
  servedTo?: string;
}

export interface SandboxState {
  version: 1;
  /** The seed the data was created with: it keeps deciding statistics after a restart. */
  seed: number;
  nextId: number;
  accounts: Account[];
  publications: PublicationRecord[];
  adslots: AdSlotRecord[];
  advertisers: AdvertiserRecord[];
  campaigns: CampaignRecord[];
  revisions?: Revision[];
}

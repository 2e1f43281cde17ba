// Demo advertisers and campaigns: every status and budget type, served and never served.

import { DEMO, OTHER } from './accounts.js';
import type { CampaignRecord, SandboxState } from './types.js';

export interface Helpers {
  id: () => string;
  at: (msAgo: number) => Date;
  date: (d: Date) => string;
}

const DAY = 86_400_000;

export type Budget = [type: string, daily: string, overall: string, weekday: string, weekend: string];
/** name, status, description, budget, served [from, to) in days ago (to 0 = still serving), end date in days from now */
type CampaignSpec = [string, string, string, Budget, [number, number] | null, number | null];

const ADVERTISERS: Array<{
  account: string;
  name: string;
  status: string;
  daily: string;
  balance: string;
  notify: string;
  campaigns: CampaignSpec[];
}> = [
  {
    account: DEMO.email,
    name: 'Acme Outdoor',
    status: 'ACTIVE',
    daily: '250.00',
    balance: '1234.50',
    notify: '100.00',
    campaigns: [
      ['Spring Sale', 'ACTIVE', 'Tents & boots, 20% off', ['MONETARY', '50.00', '1500.00', '', ''], [80, 0], 30],
      ['Brand Awareness', 'PAUSED', 'Logo on every screen', ['IMPRESSIONS', '10000', '500000', '12000', '8000'], [60, 20], null],
      ['Summer Clicks', 'COMPLETED', 'Click-priced summer push', ['CLICKS', '500', '10000', '', ''], [88, 40], -40],
      ['Holiday Teaser', 'NEW', '', ['MONETARY', '', '', '', ''], null, null],
    ],
  },
  {
    account: DEMO.email,
    name: 'Bäckerei Schmidt',
    status: 'INACTIVE',
    daily: '',
    balance: '0.00',
    notify: '50.00',
    campaigns: [
      ['Brot & Brötchen', 'STOPPED', 'Frisch aus dem Ofen', ['MONETARY', '20.00', '600.00', '', ''], [85, 50], null],
      ['Draft: Winter', 'NEW_REVIEW', '', ['MONETARY', '', '', '', ''], null, null],
    ],
  },
  {
    account: OTHER.email,
    name: 'Other Corp',
    status: 'ACTIVE',
    daily: '10.00',
    balance: '99.99',
    notify: '5.00',
    campaigns: [['Other Campaign', 'ACTIVE', 'Belongs to the second account', ['MONETARY', '10.00', '', '', ''], [70, 0], null]],
  },
];

export function demoAdvertising(state: SandboxState, h: Helpers): void {
  for (const a of ADVERTISERS) {
    const advId = h.id();
    state.advertisers.push({
      id: advId,
      account: a.account,
      name: a.name,
      status: a.status,
      dailyBudget: a.daily,
      balance: a.balance,
      notifyLimit: a.notify,
    });
    for (const [name, status, description, budget, served, endIn] of a.campaigns) {
      state.campaigns.push(campaign(h, advId, a.account, name, status, description, budget, served, endIn));
    }
  }
}

export function campaign(
  h: Helpers,
  advertiser: string,
  account: string,
  name: string,
  status: string,
  description: string,
  [budgetType, dailyBudget, overallBudget, dailyBudgetWeekday, dailyBudgetWeekend]: Budget,
  served: [number, number] | null,
  endIn: number | null,
): CampaignRecord {
  const from = served ? h.at(served[0] * DAY) : undefined;
  const to = served && served[1] > 0 ? h.at(served[1] * DAY) : undefined;
  return {
    id: h.id(),
    account,
    advertiser,
    name,
    status,
    description,
    budgetType,
    startDate: from ? h.date(from) : '',
    endDate: endIn === null ? '' : h.date(h.at(-endIn * DAY)),
    activationDate: from ? h.date(from) : '',
    deactivationDate: to ? h.date(to) : '',
    dailyBudget,
    overallBudget,
    dailyBudgetWeekday,
    dailyBudgetWeekend,
    ...(from ? { servedFrom: from.toISOString() } : {}),
    ...(to ? { servedTo: to.toISOString() } : {}),
  };
}

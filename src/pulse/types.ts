// The contract of `masg pulse`: what the analysis is given (statistics rows per day, and the
// account's objects for names and budgets) and what it returns (the `-o json` document).
// Every figure is an exact decimal string; nothing here passes through JS numbers.

/** One day of one ad slot (or of a publication without slots in the rows): summed over countries. */
export interface PublisherDayRow {
  /** YYYY-MM-DD, a day of the account's zone. */
  date: string;
  publication: string;
  adslot?: string;
  requests: string;
  impressions: string;
  clicks: string;
  earnings: string;
  currency?: string;
}

export interface CampaignDayRow {
  date: string;
  campaign: string;
  impressions: string;
  clicks: string;
  conversions: string;
  spend: string;
}

export interface PublicationInfo {
  id: string;
  name: string;
  status?: string;
}

export interface AdSlotInfo {
  id: string;
  name: string;
  publication: string;
}

export interface CampaignInfo {
  id: string;
  name: string;
  status?: string;
  advertiser?: string;
  /** ISO `YYYY-MM-DDTHH:MM` (or empty), as the SDK returns campaign dates. */
  startDate?: string;
  endDate?: string;
  /** When it stopped serving (a paused, stopped or completed campaign), ISO or empty. */
  deactivationDate?: string;
  dailyBudget?: string;
  overallBudget?: string;
  dailyBudgetWeekday?: string;
  dailyBudgetWeekend?: string;
  /** MONETARY (default), IMPRESSIONS or CLICKS: what the budgets count. */
  budgetType?: string;
  /** What the campaign spent (in its budget's unit) from its start to the end of the day, when known. */
  spentToDate?: string;
  /** Why `spentToDate` is not known, when a source can say (a warehouse that starts after the campaign). */
  spentToDateUnknown?: string;
}

export interface PulseInput {
  /** The day looked at, YYYY-MM-DD. */
  date: string;
  /** How many days before it form the baseline. */
  baselineDays: number;
  /** The account's IANA zone, when known (absolute days need none). */
  timeZone?: string;
  account?: string;
  /** When the report was made (ISO 8601); the caller's clock, so the analysis stays pure. */
  generatedAt?: string;
  /** Rows of the day and of the baseline days; days without a row had no traffic. */
  publisher: readonly PublisherDayRow[];
  campaignStats: readonly CampaignDayRow[];
  publications: readonly PublicationInfo[];
  adslots: readonly AdSlotInfo[];
  campaigns: readonly CampaignInfo[];
  /** Days of the comparison a warehouse sync fetched again with other figures (its ledger); none from the service. */
  restatements?: readonly RestatementRow[];
}

/** One row of a warehouse's restatement ledger (docs/warehouse.md): a side's totals before and after. */
export interface RestatementRow {
  date: string;
  side: 'publisher' | 'campaign';
  /** When the sync saw it (UTC), and which run. */
  seenAt: string;
  runId: string;
  before: Record<string, string>;
  after: Record<string, string>;
}

export type Severity = 'alert' | 'watch';
export type FindingKind = 'outage' | 'drop' | 'spike' | 'budget' | 'restatement';
export type EntityKind = 'account' | 'publication' | 'adslot' | 'campaign';

export interface Finding {
  kind: FindingKind;
  severity: Severity;
  entity: EntityKind;
  /** The publication's, ad slot's or campaign's own ID; null for the whole account. */
  id: string | null;
  name: string;
  /** requests, impressions, earnings, clicks or spend; a budget finding's is the unit its budget counts. */
  metric: string;
  /** For a budget finding, which budget: the day's (`daily`) or the campaign's whole (`overall`); null for other kinds. */
  budget: 'daily' | 'overall' | null;
  value: string;
  /** What the day was compared with: the baseline mean, or the budget (see `budget`). */
  baseline: string;
  message: string;
  /** A restatement only: the day restated, its side, the change in per cent (null from nothing), when and by which sync run. */
  restated?: { date: string; side: 'publisher' | 'campaign'; change: string | null; seenAt: string; runId: string };
}

/** A check the pulse could not run, and why (the report is then less than complete). */
export interface Unchecked {
  /** `overall_budget`: a campaign's overall budget (used up, or on course to be) needs what it used since its start. */
  check: 'overall_budget';
  entity: 'campaign';
  id: string;
  name: string;
  why: string;
}

/** A figure of the day beside its baseline: the mean of the comparable baseline days. */
export interface Compared {
  value: string;
  baseline: string;
  /** Percent change against the baseline, one decimal; null when the baseline is zero. */
  change: string | null;
}

export interface DayFigures {
  date: string;
  requests: string;
  impressions: string;
  clicks: string;
  earnings: string;
}

export const HEADLINE = ['requests', 'impressions', 'fillRate', 'clicks', 'ctr', 'earnings', 'ecpm'] as const;
export type Headline = (typeof HEADLINE)[number];

export interface Mover {
  entity: 'publication' | 'adslot';
  id: string;
  name: string;
  /** The ad slot's publication. */
  publication?: string;
  earnings: Compared;
  /** The day's earnings minus the baseline's. */
  delta: string;
}

export interface PublicationFigures {
  id: string;
  name: string;
  requests: string;
  impressions: string;
  clicks: string;
  earnings: Compared;
}

export interface CampaignFigures {
  id: string;
  name: string;
  status: string;
  budgetType: string;
  spend: Compared;
  impressions: Compared;
  clicks: Compared;
  conversions: Compared;
  /** The day's budget in its unit (weekday/weekend budget when set), or null. */
  dailyBudget: string | null;
  /** The day's use of that budget, percent, one decimal; null without a budget. */
  dailyUsed: string | null;
  overallBudget: string | null;
  spentToDate: string | null;
}

export interface PulseReport {
  date: string;
  /** The account's zone the days were counted in; null when it was not known. */
  timeZone: string | null;
  account: string | null;
  generatedAt: string | null;
  baselineDays: number;
  /** The baseline days the comparison used: those of the same kind (weekday or weekend) as the day when there are two or more. */
  comparedDays: string[];
  publisher: Record<Headline, string> & {
    currency: string;
    baseline: Record<Headline, string>;
    change: Record<Headline, string | null>;
    /** Every baseline day and the day itself, oldest first (the trend and the sparklines). */
    daily: DayFigures[];
  };
  publications: PublicationFigures[];
  movers: { up: Mover[]; down: Mover[] };
  campaigns: CampaignFigures[];
  findings: Finding[];
  /** Checks that could not run (empty when every check ran). */
  unchecked: Unchecked[];
}

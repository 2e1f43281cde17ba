// The rows of a pulse summed per entity and day, and the comparison every part of the analysis
// makes: the day against the mean of the comparable baseline days.
import { add, changeOf, dec, fmt, mean, ZERO, type Decimal } from './figures.js';
import { baselineDates, comparableDays, isWeekend } from './days.js';
import type { PulseRules } from './rules.js';
import type { Compared, PulseInput } from './types.js';

export interface Figures {
  requests: Decimal;
  impressions: Decimal;
  clicks: Decimal;
  earnings: Decimal;
}
export interface CampaignDay {
  impressions: Decimal;
  clicks: Decimal;
  conversions: Decimal;
  spend: Decimal;
}

export const empty = (): Figures => ({ requests: ZERO, impressions: ZERO, clicks: ZERO, earnings: ZERO });
const emptyCampaign = (): CampaignDay => ({ impressions: ZERO, clicks: ZERO, conversions: ZERO, spend: ZERO });

/** entity ID → day → figures. */
export type Series<F> = Map<string, Map<string, F>>;

function into<F extends object>(series: Series<F>, id: string, date: string, make: () => F, row: Partial<Record<keyof F, string>>): void {
  let days = series.get(id);
  if (!days) series.set(id, (days = new Map<string, F>()));
  const f = days.get(date);
  if (f === undefined) {
    // The first row of the day is parsed straight into the figures: most entities have one a day.
    const fresh = make();
    for (const key of Object.keys(fresh) as Array<keyof F>) (fresh[key] as Decimal) = dec(row[key]);
    days.set(date, fresh);
    return;
  }
  for (const key of Object.keys(f) as Array<keyof F>) (f[key] as Decimal) = add(f[key] as Decimal, dec(row[key]));
}

/** What every part of the analysis reads: the days and the rows summed per entity and day. */
export interface PulseData {
  input: PulseInput;
  rules: PulseRules;
  baseline: string[];
  compared: string[];
  account: Map<string, Figures>;
  publications: Series<Figures>;
  adslots: Series<Figures>;
  campaigns: Series<CampaignDay>;
}

export function prepare(input: PulseInput, rules: PulseRules): PulseData {
  const baseline = baselineDates(input.date, input.baselineDays);
  const wanted = new Set([...baseline, input.date]);
  const data: PulseData = {
    input,
    rules,
    baseline,
    compared: comparableDays(input.date, baseline),
    account: new Map(),
    publications: new Map(),
    adslots: new Map(),
    campaigns: new Map(),
  };
  const account: Series<Figures> = new Map();
  for (const row of input.publisher) {
    if (!wanted.has(row.date)) continue;
    into(account, '', row.date, empty, row);
    into(data.publications, row.publication, row.date, empty, row);
    if (row.adslot) into(data.adslots, row.adslot, row.date, empty, row);
  }
  data.account = account.get('') ?? new Map<string, Figures>();
  for (const row of input.campaignStats) {
    if (wanted.has(row.date)) into(data.campaigns, row.campaign, row.date, emptyCampaign, row);
  }
  return data;
}

/** The day's value of one metric, its baseline mean and change, over the comparable days. */
export function compare<F>(days: Map<string, F> | undefined, pick: (f: F) => Decimal, data: PulseData, scale: number): Compared {
  const value = days?.get(data.input.date);
  const v = value === undefined ? ZERO : pick(value);
  let sum = ZERO;
  for (const d of data.compared) {
    const f = days?.get(d);
    if (f !== undefined) sum = add(sum, pick(f));
  }
  const change = changeOf(v, sum, data.compared.length);
  return { value: fmt(v, scale), baseline: fmt(mean(sum, data.compared.length, scale), scale), change: change && fmt(change, 1) };
}

/** Sum of a metric over some days. */
export function sumOver<F>(days: Map<string, F> | undefined, dates: readonly string[], pick: (f: F) => Decimal): Decimal {
  let sum = ZERO;
  for (const d of dates) {
    const f = days?.get(d);
    if (f !== undefined) sum = add(sum, pick(f));
  }
  return sum;
}

export const nonEmpty = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : s.trim());

/** What a campaign's budgets count: spend, impressions or clicks. */
export function budgetUnit(c: { budgetType?: string }): 'spend' | 'impressions' | 'clicks' {
  return c.budgetType === 'IMPRESSIONS' ? 'impressions' : c.budgetType === 'CLICKS' ? 'clicks' : 'spend';
}

/** The budget of the day: the weekday or weekend budget when set, else the daily budget; undefined when none or zero. */
export function dailyBudgetOf(c: PulseInput['campaigns'][number], date: string): Decimal | undefined {
  const weekend = isWeekend(date);
  const specific = nonEmpty(weekend ? c.dailyBudgetWeekend : c.dailyBudgetWeekday);
  const raw = specific ?? nonEmpty(c.dailyBudget);
  const d = raw === null ? undefined : dec(raw);
  return d === undefined || d.units <= 0n ? undefined : d;
}

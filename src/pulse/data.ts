// The rows of a pulse summed per entity and day, and the comparison every part of the analysis
// makes: the day against the mean of the comparable baseline days.
import { parseDecimal } from '../core/decimal.js';
import { checkFigure, type FigureContext, type FigureKind } from '../stats/figure-text.js';
import { add, changeOf, fmt, mean, ZERO, type Decimal } from './figures.js';
import { baselineDates, comparableDays, isWeekend } from './days.js';
import type { PulseRules } from './rules.js';
import type { Compared, PulseInput } from './types.js';

export type Figures = Record<'requests' | 'impressions' | 'clicks' | 'earnings', Decimal>;
export type CampaignDay = Record<'impressions' | 'clicks' | 'conversions' | 'spend', Decimal>;

export const empty = (): Figures => ({ requests: ZERO, impressions: ZERO, clicks: ZERO, earnings: ZERO });

/** entity ID → day → figures. */
export type Series<F> = Map<string, Map<string, F>>;

const PUBLISHER_KEYS = ['requests', 'impressions', 'clicks', 'earnings'] as const;
const CAMPAIGN_KEYS = ['impressions', 'clicks', 'conversions', 'spend'] as const;
const KIND: Record<string, FigureKind> = { requests: 'count', impressions: 'count', clicks: 'count', conversions: 'count' };
const READ = 'the pulse counts exact values only and cannot read it';

/**
 * A figure from the service, checked as `masg sync` checks it (src/stats/figure-text.ts): a
 * value it cannot read exactly is refused (exit 6), never counted as 0. Empty is no figure (0).
 */
export function figure(kind: FigureKind, value: string | undefined, name: string, context: FigureContext): Decimal {
  if (value === undefined || value.trim() === '') return ZERO;
  return parseDecimal(checkFigure(kind, value, name, context, READ))!;
}

/** A row's figures, parsed once whatever number of series it is added to. */
function parse<K extends string>(row: Partial<Record<K, string>>, keys: readonly K[], context: () => string): Record<K, Decimal> {
  const f = {} as Record<K, Decimal>;
  for (const k of keys) f[k] = figure(KIND[k] ?? 'money', row[k], k, context);
  return f;
}

/** "publication "Name" (id), ad slot "Name" (id), 2024-06-14": where a refused value was found. */
function whereOf(input: PulseInput, row: { date: string; publication?: string; adslot?: string; campaign?: string }): () => string {
  const named = (what: string, list: ReadonlyArray<{ id: string; name: string }>, id: string | undefined) => {
    if (id === undefined || id === '') return [];
    const name = list.find((x) => x.id === id)?.name;
    return [`${what} ${name === undefined ? id : `"${name}" (${id})`}`];
  };
  return () =>
    [
      ...named('publication', input.publications, row.publication),
      ...named('ad slot', input.adslots, row.adslot),
      ...named('campaign', input.campaigns, row.campaign),
      row.date,
    ].join(', ');
}

/** Adds parsed figures to an entity's day (a copy the first time: the series own their objects). */
function into<F extends Record<string, Decimal>>(series: Series<F>, id: string, date: string, figures: F): void {
  let days = series.get(id);
  if (!days) series.set(id, (days = new Map<string, F>()));
  const f = days.get(date);
  if (f === undefined) {
    days.set(date, { ...figures });
    return;
  }
  for (const key of Object.keys(figures) as Array<keyof F>) f[key] = add(f[key], figures[key]) as F[keyof F];
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
    const figures: Figures = parse(row, PUBLISHER_KEYS, whereOf(input, row));
    into(account, '', row.date, figures);
    into(data.publications, row.publication, row.date, figures);
    if (row.adslot) into(data.adslots, row.adslot, row.date, figures);
  }
  data.account = account.get('') ?? new Map<string, Figures>();
  for (const row of input.campaignStats) {
    if (wanted.has(row.date)) into(data.campaigns, row.campaign, row.date, parse(row, CAMPAIGN_KEYS, whereOf(input, row)));
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
  const key = specific === null ? 'dailyBudget' : weekend ? 'dailyBudgetWeekend' : 'dailyBudgetWeekday';
  const raw = specific ?? nonEmpty(c.dailyBudget);
  const d = raw === null ? undefined : figure('money', raw, key, campaignContext(c, date));
  return d === undefined || d.units <= 0n ? undefined : d;
}

/** Where a campaign's own figure (a budget, what it spent to date) comes from. */
export const campaignContext = (c: { id: string; name: string }, date: string) => () => `campaign "${c.name}" (${c.id}), ${date}`;

export const quote = (name: string) => `"${name}"`;

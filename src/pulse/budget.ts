// The budget findings of a campaign: over its daily budget, running and using none of it, its
// overall budget used up, or on course to use it up before its end date. Each says which budget
// (`budget: "daily" | "overall"`), so the two never look alike; a check that needs what the
// campaign used since its start, when that is not known, is reported as not run (`unchecked`).
import { group } from '../output/chart.js';
import { budgetUnit, campaignContext, dailyBudgetOf, figure, quote, sumOver, type CampaignDay, type PulseData } from './data.js';
import { daysBetween, plusDays } from './days.js';
import { cmp, floorDiv, fmt, fromNumber, int, isZero, mean, mul, ratio, sub, times } from './figures.js';
import { needsSpentToDate } from './live.js';
import type { Finding, Severity, Unchecked } from './types.js';

type Campaign = PulseData['input']['campaigns'][number];
type Unit = 'spend' | 'impressions' | 'clicks';
const SCALE: Record<Unit, number> = { spend: 2, impressions: 0, clicks: 0 };

export function budgetFindings(data: PulseData, c: Campaign, days: Map<string, CampaignDay> | undefined): Finding[] {
  const { input } = data;
  const unit = budgetUnit(c);
  const found: Finding[] = [];
  const make = (severity: Severity, budget: 'daily' | 'overall', value: string, baseline: string, message: string): Finding => ({
    kind: 'budget',
    severity,
    entity: 'campaign',
    id: c.id,
    name: c.name,
    metric: unit,
    budget,
    value,
    baseline,
    message: `Campaign ${quote(c.name)} ${message}`,
  });
  const used = days?.get(input.date)?.[unit] ?? int(0);
  const daily = dailyBudgetOf(c, input.date);
  const over = daily === undefined ? undefined : overDaily(data, unit, used, daily);
  if (over) found.push(make(over.severity, 'daily', over.value, over.baseline, over.message));
  if (c.status !== 'ACTIVE') return found;
  const start = (c.startDate ?? '').slice(0, 10);
  const end = (c.endDate ?? '').slice(0, 10);
  const running = (start === '' || start <= input.date) && (end === '' || end >= input.date);
  if (!running) return found;
  if (isZero(used)) {
    const against = daily === undefined ? '' : fmt(daily, SCALE[unit]);
    found.push(make('alert', 'daily', '0', against, `is running and ${amount(unit, '0')} on ${input.date}.`));
  }
  const overall = overallFinding(data, c, unit, days);
  if (overall) found.push(make(overall.severity, 'overall', overall.value, overall.baseline, overall.message));
  return found;
}

type Part = { severity: Severity; value: string; baseline: string; message: string };

/** A figure in a message, grouped as the tables print it (25,932.71). */
const g = (d: ReturnType<typeof int>, scale: number) => group(fmt(d, scale));

function overDaily(data: PulseData, unit: Unit, used: ReturnType<typeof int>, daily: ReturnType<typeof int>): Part | undefined {
  if (cmp(used, daily) <= 0) return undefined;
  const scale = SCALE[unit];
  // Decided on the exact figures: (used − budget) × 100 ≥ alertOver × budget; the percent shown is rounded.
  const alert = cmp(mul(sub(used, daily), int(100)), mul(fromNumber(data.rules.budget.alertOver), daily)) >= 0;
  const percent = ratio(sub(used, daily), daily, 2, 1);
  return {
    severity: alert ? 'alert' : 'watch',
    value: fmt(used, scale),
    baseline: fmt(daily, scale),
    message: `${amount(unit, g(used, scale))} on ${data.input.date}, ${percent} % over its daily budget of ${g(daily, scale)}.`,
  };
}

function overallFinding(data: PulseData, c: Campaign, unit: Unit, days: Map<string, CampaignDay> | undefined): Part | undefined {
  const { input } = data;
  const scale = SCALE[unit];
  if (c.overallBudget === undefined || c.overallBudget.trim() === '' || c.spentToDate === undefined || c.spentToDate === '')
    return undefined;
  const overall = figure('money', c.overallBudget, 'overallBudget', campaignContext(c, input.date));
  if (overall.units <= 0n) return undefined;
  const spent = figure(unit === 'spend' ? 'money' : 'count', c.spentToDate, `${unit} to date`, campaignContext(c, input.date));
  const of = `${g(spent, scale)} of ${g(overall, scale)}`;
  if (cmp(spent, overall) >= 0) {
    const message = `has ${amount(unit, g(spent, scale))} of its overall budget of ${g(overall, scale)}.`;
    return { severity: 'alert', value: fmt(spent, scale), baseline: fmt(overall, scale), message };
  }
  const end = (c.endDate ?? '').slice(0, 10);
  if (end === '' || end <= input.date || data.baseline.length === 0) return undefined;
  // The pace: the mean of the baseline days and the day itself; the days the rest lasts, exactly.
  const paceDays = [...data.baseline, input.date];
  const paceSum = sumOver(days, paceDays, (f) => f[unit]);
  if (paceSum.units <= 0n) return undefined;
  const lasts = Number(floorDiv(times(sub(overall, spent), paceDays.length), paceSum));
  const daysLeft = daysBetween(input.date, end);
  if (lasts >= daysLeft) return undefined;
  const runsOut = plusDays(input.date, Math.max(lasts, 0) + 1);
  const pace = g(mean(paceSum, paceDays.length, scale), scale);
  return {
    severity: 'watch',
    value: fmt(spent, scale),
    baseline: fmt(overall, scale),
    message: `is on course to exhaust its overall budget (${of}, ${pace} a day) around ${runsOut}, ${daysBetween(runsOut, end)} days before its end date ${end}.`,
  };
}

/** The overall-budget checks that could not run: what the campaign used since its start is not known (a warehouse that starts later). */
export function uncheckedBudgets(data: PulseData): Unchecked[] {
  const ignored = new Set(data.rules.ignore);
  return data.input.campaigns
    .filter((c) => !ignored.has(c.id) && !ignored.has(c.name))
    .filter((c) => needsSpentToDate(c, data.input.date) && (c.spentToDate === undefined || c.spentToDate === ''))
    .map((c) => ({
      check: 'overall_budget' as const,
      entity: 'campaign' as const,
      id: c.id,
      name: c.name,
      why: c.spentToDateUnknown ?? `what it used since its start ${(c.startDate ?? '').slice(0, 10)} is not known`,
    }));
}

/** "spent 12.00", "delivered 1200 impressions", "got 30 clicks". */
function amount(unit: string, value: string): string {
  return unit === 'spend' ? `spent ${value}` : unit === 'impressions' ? `delivered ${value} impressions` : `got ${value} clicks`;
}

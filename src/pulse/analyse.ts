// The pulse: one day of statistics against the days before it, as figures, movers and findings.
// Pure: rows in, report out (no I/O, no clock), so the SDK user, the CLI and the tests run the
// very same analysis over rows from the service or from a warehouse.
import { add, changeOf, changeOfText, dec, fmt, mean, ratio, sub, ZERO } from './figures.js';
import { budgetUnit, compare, dailyBudgetOf, empty, nonEmpty, prepare, type Figures, type PulseData } from './data.js';
import { uncheckedBudgets } from './budget.js';
import { findFindings } from './findings.js';
import { DEFAULT_RULES, type PulseRules } from './rules.js';
import type { CampaignFigures, DayFigures, Headline, Mover, PublicationFigures, PulseInput, PulseReport } from './types.js';

const MONEY = 2;

function headline(data: PulseData): PulseReport['publisher'] {
  const day = data.account.get(data.input.date) ?? empty();
  const base = empty();
  for (const d of data.compared) {
    const f = data.account.get(d);
    if (f) for (const k of Object.keys(base) as Array<keyof Figures>) base[k] = add(base[k], f[k]);
  }
  const n = data.compared.length;
  // Ratios from the sums (a baseline's from the summed days), as a statistics table's totals row.
  const ratios = (f: Figures) => ({
    fillRate: ratio(f.impressions, f.requests, 0, 4),
    ctr: ratio(f.clicks, f.impressions, 0, 4),
    ecpm: ratio(f.earnings, f.impressions, 3, 2),
  });
  const r = ratios(day);
  const b = ratios(base);
  const value: Record<Headline, string> = {
    requests: fmt(day.requests, 0),
    impressions: fmt(day.impressions, 0),
    clicks: fmt(day.clicks, 0),
    earnings: fmt(day.earnings, MONEY),
    fillRate: r.fillRate,
    ctr: r.ctr,
    ecpm: r.ecpm,
  };
  const baseline: Record<Headline, string> = {
    requests: fmt(mean(base.requests, n, 0), 0),
    impressions: fmt(mean(base.impressions, n, 0), 0),
    clicks: fmt(mean(base.clicks, n, 0), 0),
    earnings: fmt(mean(base.earnings, n, MONEY), MONEY),
    fillRate: b.fillRate,
    ctr: b.ctr,
    ecpm: b.ecpm,
  };
  const counted = (k: keyof Figures) => {
    const c = changeOf(day[k], base[k], n);
    return c && fmt(c, 1);
  };
  const change: Record<Headline, string | null> = {
    requests: counted('requests'),
    impressions: counted('impressions'),
    clicks: counted('clicks'),
    earnings: counted('earnings'),
    fillRate: changeOfText(r.fillRate, b.fillRate),
    ctr: changeOfText(r.ctr, b.ctr),
    ecpm: changeOfText(r.ecpm, b.ecpm),
  };
  const daily: DayFigures[] = [...data.baseline, data.input.date].map((date) => {
    const f = data.account.get(date) ?? empty();
    return {
      date,
      requests: fmt(f.requests, 0),
      impressions: fmt(f.impressions, 0),
      clicks: fmt(f.clicks, 0),
      earnings: fmt(f.earnings, MONEY),
    };
  });
  const currency = data.input.publisher.find((row) => row.currency)?.currency ?? 'USD';
  return { ...value, currency, baseline, change, daily };
}

function publicationFigures(data: PulseData, names: Map<string, string>): PublicationFigures[] {
  const ids = new Set([...data.publications.keys()]);
  return [...ids]
    .map((id) => {
      const days = data.publications.get(id);
      const f = days?.get(data.input.date) ?? empty();
      return {
        id,
        name: names.get(id) ?? id,
        requests: fmt(f.requests, 0),
        impressions: fmt(f.impressions, 0),
        clicks: fmt(f.clicks, 0),
        earnings: compare(days, (x) => x.earnings, data, MONEY),
      };
    })
    .sort((a, b) => Number(dec(b.earnings.value).units - dec(a.earnings.value).units) || a.name.localeCompare(b.name));
}

const MOVERS = 3;

function movers(
  data: PulseData,
  pubNames: Map<string, string>,
  slotInfo: Map<string, { name: string; publication: string }>,
): PulseReport['movers'] {
  const all: Mover[] = [];
  const add = (entity: Mover['entity'], id: string, days: Map<string, Figures>, name: string, publication?: string) => {
    const earnings = compare(days, (f) => f.earnings, data, MONEY);
    const delta = fmt(sub(dec(earnings.value), dec(earnings.baseline)), MONEY);
    all.push({ entity, id, name, publication, earnings, delta });
  };
  for (const [id, days] of data.publications) add('publication', id, days, pubNames.get(id) ?? id);
  for (const [id, days] of data.adslots) {
    const slot = slotInfo.get(id);
    add('adslot', id, days, slot?.name ?? id, slot?.publication);
  }
  const byDelta = (a: Mover, b: Mover) => {
    const d = dec(b.delta);
    const c = dec(a.delta);
    return c.units === d.units ? a.name.localeCompare(b.name) : c.units < d.units ? 1 : -1;
  };
  const sorted = all.filter((m) => dec(m.delta).units !== 0n).sort(byDelta);
  return {
    up: sorted.filter((m) => dec(m.delta).units > 0n).slice(0, MOVERS),
    down: sorted
      .filter((m) => dec(m.delta).units < 0n)
      .reverse()
      .slice(0, MOVERS),
  };
}

function campaignFigures(data: PulseData): CampaignFigures[] {
  const out: CampaignFigures[] = [];
  for (const c of data.input.campaigns) {
    const days = data.campaigns.get(c.id);
    const hasTraffic = days !== undefined && days.size > 0;
    if (!hasTraffic && c.status !== 'ACTIVE') continue;
    const budget = dailyBudgetOf(c, data.input.date);
    const unit = budgetUnit(c);
    const used = days?.get(data.input.date)?.[unit] ?? ZERO;
    out.push({
      id: c.id,
      name: c.name,
      status: c.status ?? '',
      budgetType: c.budgetType || 'MONETARY',
      spend: compare(days, (f) => f.spend, data, MONEY),
      impressions: compare(days, (f) => f.impressions, data, 0),
      clicks: compare(days, (f) => f.clicks, data, 0),
      conversions: compare(days, (f) => f.conversions, data, 0),
      dailyBudget: budget === undefined ? null : fmt(budget, unit === 'spend' ? MONEY : 0),
      dailyUsed: budget === undefined ? null : ratio(used, budget, 2, 1) || null,
      overallBudget: nonEmpty(c.overallBudget),
      spentToDate: nonEmpty(c.spentToDate),
    });
  }
  return out.sort((a, b) => Number(dec(b.spend.value).units - dec(a.spend.value).units) || a.name.localeCompare(b.name));
}

/** The pulse of `input.date`: headline figures, movers, campaigns and findings. */
export function analysePulse(input: PulseInput, rules: PulseRules = DEFAULT_RULES): PulseReport {
  const data = prepare(input, rules);
  const pubNames = new Map(input.publications.map((p) => [p.id, p.name]));
  const slotInfo = new Map(input.adslots.map((s) => [s.id, { name: s.name, publication: s.publication }]));
  return {
    date: input.date,
    timeZone: input.timeZone ?? null,
    account: input.account ?? null,
    generatedAt: input.generatedAt ?? null,
    baselineDays: input.baselineDays,
    comparedDays: data.compared,
    publisher: headline(data),
    publications: publicationFigures(data, pubNames),
    movers: movers(data, pubNames, slotInfo),
    campaigns: campaignFigures(data),
    findings: findFindings(data),
    unchecked: uncheckedBudgets(data),
  };
}

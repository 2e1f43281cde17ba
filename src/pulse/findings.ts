// The findings of a pulse, each with a kind and a severity:
//   outage  an active publication or ad slot with requests on most baseline days and none on the day;
//   drop    a metric below its baseline band by more than the threshold (above a minimum volume);
//   spike   the same above the band;
//   budget  a campaign over its daily budget, on course to exhaust its overall budget before its
//           end date, or running and spending nothing;
//   restatement  a day of the comparison a warehouse sync fetched again with other figures (restatements.ts).
// The baseline is the mean of the comparable days (weekday with weekdays, weekend with weekend);
// the band is their range. A value must be outside the band *and* past the threshold, so a day
// like the quietest baseline day is never a drop.
import { group } from '../output/chart.js';
import { budgetFindings } from './budget.js';
import { restatementFindings } from './restatements.js';
import { compare, quote, sumOver, type CampaignDay, type Figures, type PulseData } from './data.js';
import { changeAtLeast, cmp, fmt, fromNumber, int, isZero, mean, mul, times, ZERO, type Decimal } from './figures.js';
import type { Band } from './rules.js';
import type { Compared, EntityKind, Finding, Severity } from './types.js';

type PubMetric = 'requests' | 'impressions' | 'earnings';
const PUB_METRICS: readonly PubMetric[] = ['requests', 'impressions', 'earnings'];
const CAMPAIGN_METRICS: ReadonlyArray<'impressions' | 'spend'> = ['impressions', 'spend'];
const SCALE: Record<string, number> = { requests: 0, impressions: 0, clicks: 0, earnings: 2, spend: 2 };

export function findFindings(data: PulseData): Finding[] {
  const { input, rules } = data;
  const ignored = new Set(rules.ignore);
  const skip = (id: string, name: string | undefined) => ignored.has(id) || (name !== undefined && ignored.has(name));
  const pubs = new Map(input.publications.map((p) => [p.id, p]));
  const findings: Finding[] = [];
  const out = new Set<string>();

  // Outages: publications first; an ad slot of a publication that is out is that same outage.
  for (const [id, days] of data.publications) {
    const p = pubs.get(id);
    if (skip(id, p?.name) || !isActive(p?.status)) continue;
    const f = outage(data, days, 'publication', id, p?.name ?? id, '');
    if (f) {
      findings.push(f);
      out.add(id);
    }
  }
  for (const slot of slotsOf(data)) {
    const p = pubs.get(slot.publication);
    if (out.has(slot.publication) || skip(slot.id, slot.name) || skip(slot.publication, p?.name) || !isActive(p?.status)) continue;
    const f = outage(data, data.adslots.get(slot.id), 'adslot', slot.id, slot.name, p ? ` of ${quote(p.name)}` : '');
    if (f) {
      findings.push(f);
      out.add(slot.id);
    }
  }

  // Drops and spikes: the account, then publications, then slots not already covered by their publication.
  const moved = new Set<string>();
  for (const metric of PUB_METRICS) {
    const f = band(data, data.account.size === 0 ? undefined : data.account, metric, 'account', null, 'the account', '');
    if (f) findings.push(f);
  }
  for (const [id, days] of data.publications) {
    const p = pubs.get(id);
    if (out.has(id) || skip(id, p?.name)) continue;
    for (const metric of PUB_METRICS) {
      const f = band(data, days, metric, 'publication', id, p?.name ?? id, '');
      if (!f) continue;
      findings.push(f);
      moved.add(`${id} ${f.kind} ${metric}`);
    }
  }
  for (const slot of slotsOf(data)) {
    const p = pubs.get(slot.publication);
    if (out.has(slot.id) || out.has(slot.publication) || skip(slot.id, slot.name) || skip(slot.publication, p?.name)) continue;
    for (const metric of PUB_METRICS) {
      const f = band(data, data.adslots.get(slot.id), metric, 'adslot', slot.id, slot.name, p ? ` of ${quote(p.name)}` : '');
      if (f && !moved.has(`${slot.publication} ${f.kind} ${metric}`)) findings.push(f);
    }
  }
  for (const c of input.campaigns) {
    if (skip(c.id, c.name)) continue;
    const days = data.campaigns.get(c.id);
    for (const metric of CAMPAIGN_METRICS) {
      const f = band(data, days, metric, 'campaign', c.id, c.name, '');
      if (f) findings.push(f);
    }
    findings.push(...budgetFindings(data, c, days));
  }
  const order = { alert: 0, watch: 1 };
  findings.push(...restatementFindings(input.restatements ?? [], rules));
  const kinds = { outage: 0, budget: 1, drop: 2, spike: 3, restatement: 4 };
  return findings.sort((a, b) => order[a.severity] - order[b.severity] || kinds[a.kind] - kinds[b.kind] || a.name.localeCompare(b.name));
}

/** Paused or stopped on purpose is not an outage; an unknown status (no list) is treated as active. */
const isActive = (status: string | undefined) => status === undefined || status === '' || status === 'ACTIVE';

function slotsOf(data: PulseData): Array<{ id: string; name: string; publication: string }> {
  const known = new Map(data.input.adslots.map((s) => [s.id, s]));
  const pubOf = new Map<string, string>();
  for (const row of data.input.publisher) if (row.adslot) pubOf.set(row.adslot, row.publication);
  return [...data.adslots.keys()].map((id) => known.get(id) ?? { id, name: id, publication: pubOf.get(id) ?? '' });
}

function outage(
  data: PulseData,
  days: Map<string, Figures> | undefined,
  entity: EntityKind,
  id: string,
  name: string,
  of: string,
): Finding | undefined {
  const { baseline, rules, input } = data;
  if (!days || baseline.length === 0) return undefined;
  const today = days.get(input.date)?.requests;
  if (today !== undefined && !isZero(today)) return undefined; // the common case, decided first
  const active = baseline.filter((d) => !isZero(days.get(d)?.requests ?? ZERO)).length;
  if (active < minActiveDays(rules.outage.minShare, baseline.length)) return undefined;
  const sum = sumOver(days, baseline, (f) => f.requests);
  if (cmp(sum, times(fromNumber(rules.outage.minRequests), baseline.length)) < 0) return undefined;
  const avg = mean(sum, baseline.length, 0);
  return {
    kind: 'outage',
    severity: 'alert',
    entity,
    id,
    name,
    metric: 'requests',
    budget: null,
    value: '0',
    baseline: fmt(avg, 0),
    message: `${entityLabel(entity)} ${quote(name)}${of} had no requests on ${input.date}; it had requests on ${active} of the ${baseline.length} days before (${group(fmt(avg, 0))} a day).`,
  };
}

/** ⌈share × days⌉, exactly: the baseline days an entity must have had requests on to be "out" (0.56 × 25 is 14). */
export function minActiveDays(share: number, days: number): number {
  const need = mul(fromNumber(share), int(days));
  const one = 10n ** BigInt(need.scale);
  const whole = need.units / one;
  return Number(need.units % one === 0n ? whole : whole + 1n);
}

function entityLabel(entity: EntityKind): string {
  return { account: 'The account', publication: 'Publication', adslot: 'Ad slot', campaign: 'Campaign' }[entity];
}

function band<F extends Figures | CampaignDay>(
  data: PulseData,
  days: Map<string, F> | undefined,
  metric: string,
  entity: EntityKind,
  id: string | null,
  name: string,
  of: string,
): Finding | undefined {
  if (!days) return undefined;
  const pick = (f: F) => (f as unknown as Record<string, Decimal>)[metric];
  // First the band (the range of the comparable days): inside it there is nothing to say.
  const zero = ZERO;
  const values = data.compared.map((d) => (days.get(d) === undefined ? zero : pick(days.get(d)!)));
  const low = values.reduce((a, b) => (cmp(a, b) <= 0 ? a : b));
  const high = values.reduce((a, b) => (cmp(a, b) >= 0 ? a : b));
  const today = days.get(data.input.date);
  const value = today === undefined ? zero : pick(today);
  if (cmp(value, low) >= 0 && cmp(value, high) <= 0) return undefined;
  const c: Compared = compare(days, pick, data, SCALE[metric]);
  if (c.change === null) return undefined;
  // Volume and thresholds on the exact sum, never on the rounded mean or change: 39.96 % is no 40 %.
  const n = data.compared.length;
  const sum = sumOver(days, data.compared, pick);
  const volume = (data.rules.minVolume as Record<string, number>)[metric];
  if (cmp(sum, times(fromNumber(volume), n)) < 0) return undefined;
  const direction = cmp(times(value, n), sum);
  let kind: 'drop' | 'spike';
  let rule: Band;
  if (cmp(value, low) < 0 && direction < 0) [kind, rule] = ['drop', data.rules.drop];
  else if (cmp(value, high) > 0 && direction > 0) [kind, rule] = ['spike', data.rules.spike];
  else return undefined;
  const past = (percent: number) => changeAtLeast(value, sum, n, fromNumber(percent));
  const severity: Severity | undefined = past(rule.alert) ? 'alert' : past(rule.watch) ? 'watch' : undefined;
  if (!severity) return undefined;
  const label = entity === 'account' ? 'The account' : `${entityLabel(entity)} ${quote(name)}${of}`;
  return {
    kind,
    severity,
    entity,
    id,
    name,
    metric,
    budget: null,
    value: c.value,
    baseline: c.baseline,
    message: `${label}: ${metric} ${group(c.value)} against ${group(c.baseline)} a day (${c.change.startsWith('-') ? '' : '+'}${c.change} %), ${kind === 'drop' ? 'below' : 'above'} every comparable day before.`,
  };
}

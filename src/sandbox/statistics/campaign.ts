// Campaign statistics while it served. Primitives (series.ts): conversions, clicks without
// conversion, impressions without click, spend in cents.

import { hash4, hashString, mix, unit } from '../hash.js';
import { localHour } from '../time.js';
import type { CampaignRecord } from '../types.js';
import { int, money, str, type Field, type StatsNode } from '../wire/fields.js';
import { formatCents, formatRatio } from './money.js';
import { type Series } from './series.js';
import { addRevisedRange, revisionsFor, type Revision } from './revisions.js';
import { clip } from './windows.js';

class CampaignSeries implements Series {
  readonly key: number;
  private readonly daily: number;
  private readonly ctr: number;
  private readonly conversion: number;
  private readonly ecpm: number;

  constructor(seed: number, id: string, budgetType: string) {
    this.key = mix(seed, hashString(id));
    this.daily = Math.exp(Math.log(2_000) + unit(mix(this.key, 2)) * Math.log(100));
    this.ctr = 0.005 + 0.035 * unit(mix(this.key, 3));
    // Impression-bought (brand) campaigns track no conversions, nor do a fifth of the others:
    // production then shows an infinite cost per conversion.
    const c = unit(mix(this.key, 4));
    this.conversion = budgetType === 'IMPRESSIONS' || c < 0.2 ? 0 : 0.01 + 0.1 * c;
    this.ecpm = 100 + Math.floor(700 * unit(mix(this.key, 5)));
  }

  blockTotals(block: number, out: number[]): void {
    const impressions = Math.round(this.daily * 28 * (0.6 + 0.8 * unit(hash4(this.key, block, 0xca, 0))));
    const clicks = Math.floor(impressions * this.ctr);
    const conversions = Math.floor(clicks * this.conversion);
    out[0] = conversions;
    out[1] = clicks - conversions;
    out[2] = impressions - clicks;
    out[3] = Math.floor((impressions * this.ecpm) / 1000);
  }
}

/** num/den, or production's infinity (∞; the JSON writer's Latin-1 turns it into "?"). */
const perUnit = (num: number, den: number, scale: number) => (den === 0 ? (num === 0 ? '0.00' : '∞') : formatRatio(num * scale, den));

export function campaignFieldsFor(impressions: number, clicks: number, conversions: number, spend: number): Field[] {
  return [
    int('impressions', impressions),
    int('clicks', clicks),
    int('conversions', conversions),
    str('conversionsPercent', perUnit(conversions * 100, clicks, 1), 'self'),
    money('CTR', perUnit(clicks, impressions, 1)), // the raw ratio, though labelled USD (production)
    money('ECPM', perUnit(spend, impressions, 1000 / 100)),
    money('costPerConversion', conversions === 0 ? '∞' : formatRatio(spend, conversions * 100)),
    money('spend', formatCents(spend)),
  ];
}

/** None when it has no data (an empty masg-response). */
export function campaignNodes(
  seed: number,
  c: CampaignRecord,
  timeZone: string,
  nowHour: number,
  from: number,
  to: number,
  revisions?: readonly Revision[],
): StatsNode[] {
  if (!c.servedFrom) return [];
  const served: [number, number] = [localHour(c.servedFrom, timeZone), c.servedTo ? localHour(c.servedTo, timeZone) : nowHour];
  const acc = [0, 0, 0, 0];
  const s = new CampaignSeries(seed, c.id, c.budgetType);
  for (const [a, b] of clip([served], from, Math.min(to, nowHour))) addRevisedRange(s, a, b, acc, revisionsFor(revisions, c.id));
  const [conv, clickOnly, viewOnly, spend] = acc as [number, number, number, number];
  const clicks = conv + clickOnly;
  const impressions = clicks + viewOnly;
  if (impressions === 0 && spend === 0) return [];
  return [{ tag: 'campaign', id: c.id, rows: [{ fields: campaignFieldsFor(impressions, clicks, conv, spend) }] }];
}

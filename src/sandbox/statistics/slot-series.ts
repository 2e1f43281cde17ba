// One ad slot's traffic from one country. Primitives: clicks, impressions without a click, unfilled
// requests, earnings in cents; so requests ≥ impressions ≥ clicks every hour.

import { hash3, hash4, mix, unit } from '../hash.js';
import type { Series } from './series.js';

export const SLOT_PRIMITIVES = 4;

export class SlotCountrySeries implements Series {
  key = 0;
  active = false;
  private daily = 0;
  private fill = 0;
  private ctr = 0;
  private ecpm = 0;

  /** Reused: runs for every row of a report. */
  reset(seed: number, slotHash: number, country: number, weight: number): this {
    this.key = hash3(seed, slotHash, country);
    // Bigger markets are more likely to send traffic at all: about half the pairs are silent.
    this.active = unit(mix(this.key, 1)) < Math.min(0.95, 0.36 + 0.1 * weight);
    if (!this.active) return this;
    // Log-uniform daily requests, 3 to 2,000 × weight: some pairs trickle, some are busy.
    this.daily = weight * Math.exp(Math.log(3) + unit(mix(this.key, 2)) * Math.log(2000 / 3));
    this.fill = 0.55 + 0.4 * unit(mix(this.key, 3));
    this.ctr = 0.003 + 0.027 * unit(mix(this.key, 4));
    this.ecpm = 20 + Math.floor(280 * unit(mix(this.key, 5))); // cents per 1,000 impressions
    return this;
  }

  blockTotals(block: number, out: number[]): void {
    const trend = 0.6 + 0.8 * unit(hash4(this.key, block, 0xb1, 0));
    const requests = Math.round(this.daily * 28 * trend);
    const impressions = Math.floor(requests * this.fill);
    const clicks = Math.floor(impressions * this.ctr);
    out[0] = clicks;
    out[1] = impressions - clicks;
    out[2] = requests - impressions;
    out[3] = Math.floor((impressions * this.ecpm) / 1000);
  }
}

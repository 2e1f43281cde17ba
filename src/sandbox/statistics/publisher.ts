// Publication and ad slot statistics as the lazy tree the wire writers stream.

import { hashString } from '../hash.js';
import { localHour } from '../time.js';
import type { AdSlotRecord, PublicationRecord } from '../types.js';
import { int, money, str, type Field, type StatsNode, type StatsRow } from '../wire/fields.js';
import type { Country } from './countries.js';
import { formatCents } from './money.js';
import { addRevisedRange, revisionsFor, type Revision } from './revisions.js';
import { SLOT_PRIMITIVES, SlotCountrySeries } from './slot-series.js';
import { activeWindows, clip } from './windows.js';

export interface StatsContext {
  seed: number;
  timeZone: string;
  nowHour: number;
  countries: Country[];
  /** Production writes ad slot earnings as {currency, amount}; the spec says a bare decimal. */
  bareSlotEarnings: boolean;
  revisions?: readonly Revision[];
}

export interface PublisherQuery {
  from: number;
  /** Exclusive. */
  to: number;
  byCountry: boolean;
  level: 'publication' | 'adslot';
}

const M = 4; // requests, impressions, clicks, earnings (cents) per country
const series = new SlotCountrySeries();
const prim = new Array<number>(SLOT_PRIMITIVES).fill(0);

function slotMetrics(ctx: StatsContext, slot: AdSlotRecord, windows: Array<[number, number]>): Float64Array {
  const out = new Float64Array(ctx.countries.length * M);
  const wins = clip(windows, localHour(slot.createdAt, ctx.timeZone), Infinity);
  if (wins.length === 0) return out;
  const slotHash = hashString(slot.id);
  const revisions = revisionsFor(ctx.revisions, slot.id, slot.publication);
  for (let i = 0; i < ctx.countries.length; i++) {
    if (!series.reset(ctx.seed, slotHash, i, ctx.countries[i].weight).active) continue;
    prim.fill(0);
    for (const [a, b] of wins) addRevisedRange(series, a, b, prim, revisions);
    out[i * M] = prim[0] + prim[1] + prim[2];
    out[i * M + 1] = prim[0] + prim[1];
    out[i * M + 2] = prim[0]!;
    out[i * M + 3] = prim[3]!;
  }
  return out;
}

/** Production's amounts can be "-0.00"; written for every row with traffic but no earnings, so clients meet it. */
function earningsAmount(requests: number, cents: number): string {
  return cents === 0 && requests > 0 ? '-0.00' : formatCents(cents);
}

function rowFields(m: ArrayLike<number>, at: number, bareEarnings: boolean, currency?: string): Field[] {
  const earnings = earningsAmount(m[at], m[at + 3]);
  return [
    int('requests', m[at]),
    int('impressions', m[at + 1]),
    int('clicks', m[at + 2]),
    bareEarnings ? str('earnings', earnings, 'self') : money('earnings', earnings, currency),
  ];
}

const hasData = (m: ArrayLike<number>, at: number) => m[at] !== 0 || m[at + 1] !== 0 || m[at + 2] !== 0 || m[at + 3] !== 0;

function rows(ctx: StatsContext, m: Float64Array, byCountry: boolean, bare = false, currency?: string): StatsRow[] {
  if (byCountry) {
    const out: StatsRow[] = [];
    for (let i = 0; i < ctx.countries.length; i++) {
      if (hasData(m, i * M)) out.push({ country: ctx.countries[i].code, fields: rowFields(m, i * M, bare, currency) });
    }
    return out;
  }
  const total = [0, 0, 0, 0];
  for (let i = 0; i < m.length; i++) total[i % M] += m[i];
  return hasData(total, 0) ? [{ fields: rowFields(total, 0, bare, currency) }] : [];
}

/** Undefined when it has no data in the range (production omits it). */
export function publicationNode(
  ctx: StatsContext,
  pub: PublicationRecord,
  slots: AdSlotRecord[],
  q: PublisherQuery,
): StatsNode | undefined {
  const windows = clip(activeWindows(pub.history, ctx.timeZone, ctx.nowHour), q.from, q.to);
  if (q.level === 'adslot') {
    const children = slots.flatMap((s) => {
      const r = rows(ctx, slotMetrics(ctx, s, windows), q.byCountry, false, pub.currency);
      return r.length ? [{ tag: 'adslot', id: s.id, rows: r }] : [];
    });
    return children.length ? { tag: 'publication', id: pub.id, children } : undefined;
  }
  const sum = new Float64Array(ctx.countries.length * M);
  for (const s of slots) slotMetrics(ctx, s, windows).forEach((v, i) => (sum[i] += v));
  const r = rows(ctx, sum, q.byCountry, false, pub.currency);
  return r.length ? { tag: 'publication', id: pub.id, rows: r } : undefined;
}

export function* publicationNodes(
  ctx: StatsContext,
  pubs: Iterable<[PublicationRecord, AdSlotRecord[]]>,
  q: PublisherQuery,
): Iterable<StatsNode> {
  for (const [pub, slots] of pubs) {
    const node = publicationNode(ctx, pub, slots, q);
    if (node) yield node;
  }
}

/** With no data and bycountry, production writes one all-zero row for slot "0" in country "OO". */
export function adSlotNodes(ctx: StatsContext, slot: AdSlotRecord, pub: PublicationRecord, q: PublisherQuery): StatsNode[] {
  const windows = clip(activeWindows(pub.history, ctx.timeZone, ctx.nowHour), q.from, q.to);
  const r = rows(ctx, slotMetrics(ctx, slot, windows), q.byCountry, ctx.bareSlotEarnings, pub.currency);
  if (r.length) return [{ tag: 'adslot', id: slot.id, rows: r }];
  if (!q.byCountry) return [];
  return [{ tag: 'adslot', id: '0', rows: [{ country: 'OO', fields: rowFields([0, 0, 0, 0], 0, ctx.bareSlotEarnings) }] }];
}

// Hourly traffic as a pure function of a key, with O(1) range sums. A 28-day block's hashed total
// T is split by increasing cumulative weights W: part i = floor(T·W(i+1)/W(n)) − floor(T·W(i)/W(n)),
// so a range sum telescopes and is *exactly* the sum of its hours. All primitives share the
// weights, so sums of primitives keep their invariants in every hour.

import { hash4 } from '../hash.js';

export const HOURS_PER_DAY = 24;
const DAYS_PER_BLOCK = 28; // a multiple of 7: every block starts on the same weekday (Thursday)
const BLOCK_HOURS = HOURS_PER_DAY * DAYS_PER_BLOCK;

// Day 0 of every block is a Thursday (1970-01-01 was one): Thu Fri Sat Sun Mon Tue Wed …
const WEEK = [100, 95, 72, 66, 100, 104, 102];
const HOUR_W = [30, 22, 16, 13, 13, 18, 34, 58, 80, 90, 96, 100, 106, 100, 96, 96, 100, 110, 120, 126, 116, 96, 72, 46];
const cumulative = (w: number[]) => w.reduce<number[]>((c, x) => (c.push(c[c.length - 1] + x), c), [0]);
const DAY_CUM = cumulative(Array.from({ length: DAYS_PER_BLOCK }, (_, i) => WEEK[i % 7]));
const HOUR_CUM = cumulative(HOUR_W);
const DAY_NOISE = Math.min(...WEEK); // noise in [0, min) keeps every step positive
const HOUR_NOISE = Math.min(...HOUR_W);
const DAY_TOTAL = DAY_CUM[DAYS_PER_BLOCK];
const HOUR_TOTAL = HOUR_CUM[HOURS_PER_DAY];

export interface Series {
  key: number;
  blockTotals(block: number, out: number[]): void;
}

function dayWeight(key: number, block: number, j: number): number {
  return j === 0 || j === DAYS_PER_BLOCK ? DAY_CUM[j] : DAY_CUM[j] + (hash4(key, block, j, 0xd4) % DAY_NOISE);
}

function hourWeight(key: number, day: number, k: number): number {
  return k === 0 || k === HOURS_PER_DAY ? HOUR_CUM[k] : HOUR_CUM[k] + (hash4(key, day, k, 0x4e) % HOUR_NOISE);
}

const totals: number[] = [];

export function addRange(s: Series, from: number, to: number, acc: number[]): void {
  const n = acc.length;
  for (let b = Math.floor(from / BLOCK_HOURS); b * BLOCK_HOURS < to; b++) {
    const base = b * BLOCK_HOURS;
    const lo = Math.max(from, base) - base;
    const hi = Math.min(to, base + BLOCK_HOURS) - base;
    if (hi <= lo) continue;
    s.blockTotals(b, totals);
    if (lo === 0 && hi === BLOCK_HOURS) {
      for (let i = 0; i < n; i++) acc[i] += totals[i];
      continue;
    }
    addCumulative(s.key, b, hi, 1, acc);
    if (lo > 0) addCumulative(s.key, b, lo, -1, acc);
  }
}

/** acc += sign × (the block's traffic before hour offset x), for each primitive in `totals`. */
function addCumulative(key: number, b: number, x: number, sign: number, acc: number[]): void {
  const j = Math.floor(x / HOURS_PER_DAY);
  const k = x - j * HOURS_PER_DAY;
  const w0 = dayWeight(key, b, j);
  const w1 = k === 0 ? 0 : dayWeight(key, b, j + 1);
  const wh = k === 0 ? 0 : hourWeight(key, b * DAYS_PER_BLOCK + j, k);
  for (let i = 0; i < acc.length; i++) {
    const t = totals[i];
    const before = Math.floor((t * w0) / DAY_TOTAL);
    let v = before;
    if (k !== 0) {
      const day = Math.floor((t * w1) / DAY_TOTAL) - before;
      v += Math.floor((day * wh) / HOUR_TOTAL);
    }
    acc[i] += sign * v;
  }
}

// Traffic is recorded only while the publication is ACTIVE (paused ones send test requests, spec
// §3), after the slot existed, for hours that are over. Windows are [from, to) nominal local hours.

import { localHour } from '../time.js';
import type { StatusChange } from '../types.js';

export type Window = [from: number, to: number];

export function activeWindows(history: StatusChange[], timeZone: string, nowHour: number): Window[] {
  const out: Window[] = [];
  for (let i = 0; i < history.length; i++) {
    if (history[i].status !== 'ACTIVE') continue;
    const from = localHour(history[i].at, timeZone);
    const next = history[i + 1];
    const to = Math.min(next ? localHour(next.at, timeZone) : nowHour, nowHour);
    if (to > from) out.push([from, to]);
  }
  return out;
}

export function clip(windows: Window[], from: number, to: number): Window[] {
  const out: Window[] = [];
  for (const [a, b] of windows) {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (hi > lo) out.push([lo, hi]);
  }
  return out;
}

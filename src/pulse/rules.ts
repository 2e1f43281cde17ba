// The pulse's thresholds and `--rules FILE` (JSON) over their defaults, each value checked
// before anything is sent ("drop.alert: …").
import { UsageError } from '../core/errors.js';

export interface Band {
  /** Percent beyond the baseline for a `watch`. */
  watch: number;
  /** Percent beyond the baseline for an `alert` (at least `watch`). */
  alert: number;
}

export interface PulseRules {
  outage: {
    /** Share of the baseline days (0–1) that must have had requests. */
    minShare: number;
    /** Mean requests per baseline day below which an entity is too small to be "out". */
    minRequests: number;
  };
  drop: Band;
  spike: Band;
  /** The smallest baseline mean per metric for a drop or spike to count. */
  minVolume: { requests: number; impressions: number; clicks: number; earnings: number; spend: number };
  budget: {
    /** Percent over the daily budget from which an overspend is an alert (below it: watch). */
    alertOver: number;
  };
  restatement: {
    /** Percent a restated figure moved from which the restatement is an alert (below it: watch). */
    alert: number;
  };
  /** IDs or exact names of publications, ad slots or campaigns never reported. */
  ignore: string[];
}

export const DEFAULT_RULES: PulseRules = {
  outage: { minShare: 0.75, minRequests: 100 },
  drop: { watch: 25, alert: 40 },
  spike: { watch: 50, alert: 100 },
  minVolume: { requests: 1000, impressions: 1000, clicks: 50, earnings: 10, spend: 10 },
  budget: { alertOver: 10 },
  restatement: { alert: 1 },
  ignore: [],
};

type Json = Record<string, unknown>;

function fail(path: string, why: string): never {
  throw new UsageError(`--rules: ${path}: ${why}`, {
    field: '--rules',
    hint: 'The rules file and its defaults: docs/pulse.md ("--rules FILE").',
  });
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object.');
  return value as Json;
}

function onlyKeys(o: Json, path: string, allowed: readonly string[]): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) fail(path ? `${path}.${k}` : k, `is not a rule (known: ${allowed.join(', ')}).`);
  }
}

function number(o: Json, key: string, path: string, fallback: number, max = 1e9): number {
  if (!(key in o)) return fallback;
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) fail(`${path}.${key}`, `must be a number from 0 to ${max}.`);
  return v;
}

function band(raw: unknown, path: string, d: Band): Band {
  if (raw === undefined) return d;
  const o = object(raw, path);
  onlyKeys(o, path, ['watch', 'alert']);
  const b = { watch: number(o, 'watch', path, d.watch, 100_000), alert: number(o, 'alert', path, d.alert, 100_000) };
  if (b.alert < b.watch) fail(`${path}.alert`, `must be at least ${path}.watch (${b.watch}), not ${b.alert}.`);
  return b;
}

export function parseRules(text: string): PulseRules {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    fail('the file', `is not JSON (${err instanceof Error ? err.message : String(err)}).`);
  }
  const o = object(parsed, 'the file');
  onlyKeys(o, '', ['outage', 'drop', 'spike', 'minVolume', 'budget', 'restatement', 'ignore']);
  const d = DEFAULT_RULES;
  const outage = o.outage === undefined ? {} : object(o.outage, 'outage');
  onlyKeys(outage, 'outage', ['minShare', 'minRequests']);
  const volume = o.minVolume === undefined ? {} : object(o.minVolume, 'minVolume');
  onlyKeys(volume, 'minVolume', Object.keys(d.minVolume));
  const budget = o.budget === undefined ? {} : object(o.budget, 'budget');
  onlyKeys(budget, 'budget', ['alertOver']);
  const restatement = o.restatement === undefined ? {} : object(o.restatement, 'restatement');
  onlyKeys(restatement, 'restatement', ['alert']);
  const ignore = o.ignore ?? [];
  if (!Array.isArray(ignore) || ignore.some((x) => typeof x !== 'string' || x === '')) {
    fail('ignore', 'must be a list of IDs or names (non-empty strings).');
  }
  const v = d.minVolume;
  return {
    outage: {
      minShare: number(outage, 'minShare', 'outage', d.outage.minShare, 1),
      minRequests: number(outage, 'minRequests', 'outage', d.outage.minRequests),
    },
    drop: band(o.drop, 'drop', d.drop),
    spike: band(o.spike, 'spike', d.spike),
    minVolume: {
      requests: number(volume, 'requests', 'minVolume', v.requests),
      impressions: number(volume, 'impressions', 'minVolume', v.impressions),
      clicks: number(volume, 'clicks', 'minVolume', v.clicks),
      earnings: number(volume, 'earnings', 'minVolume', v.earnings),
      spend: number(volume, 'spend', 'minVolume', v.spend),
    },
    budget: { alertOver: number(budget, 'alertOver', 'budget', d.budget.alertOver, 100_000) },
    restatement: { alert: number(restatement, 'alert', 'restatement', d.restatement.alert, 100_000) },
    ignore: ignore as string[],
  };
}

// Fault injection, so scripts can be tested against bad days. What a client may retry depends on
// whether the change was applied: drop, reset, 503, 429 and 502 come before the handler; drop-after,
// 500, truncate, malformed and drop-tags (production ignores ad slot tags) after it (docs/sandbox.md).

import { prng } from './hash.js';

export const FAULT_KINDS = ['drop', 'reset', '503', '429', '502', 'drop-after', '500', 'truncate', 'malformed', 'drop-tags'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const BEFORE_HANDLER: ReadonlySet<FaultKind> = new Set(['drop', 'reset', '503', '429', '502']);

export type Latency = number | [min: number, max: number];

export interface FaultSpec {
  /** Probability (0–1) of each fault per request, rolled with a seeded PRNG. */
  rates?: Partial<Record<FaultKind, number>>;
  /** Deterministic: the next matching requests get these faults, in order ('none' = pass). */
  next?: Array<FaultKind | 'none'>;
  /** Only requests whose path (as sent, e.g. "/adslot/create.xml") contains / matches this. */
  path?: string | RegExp;
  /** Only requests sent as this e-mail (the Authorization header's, whatever the key): one account's bad day. */
  account?: string;
  /** Added before every matching request is handled. */
  latencyMs?: Latency;
  /** Seconds announced by the 429 fault (default 1). */
  retryAfter?: number;
  /** PRNG seed for `rates` (default: the sandbox seed). */
  seed?: number;
}

export class Faults {
  private spec: FaultSpec = {};
  private queue: Array<FaultKind | 'none'> = [];
  private random: () => number;

  constructor(
    spec: FaultSpec | undefined,
    private readonly baseLatency: Latency | undefined,
    private readonly defaultSeed: number,
  ) {
    this.random = prng(defaultSeed);
    this.set(spec);
  }

  set(spec: FaultSpec | undefined): void {
    this.spec = spec ?? {};
    this.queue = [...(this.spec.next ?? [])];
    this.random = prng(this.spec.seed ?? this.defaultSeed);
  }

  get retryAfter(): number {
    return this.spec.retryAfter ?? 1;
  }

  private matches(path: string, email: string | undefined): boolean {
    if (this.spec.account !== undefined && email !== this.spec.account) return false;
    const f = this.spec.path;
    return f === undefined || (typeof f === 'string' ? path.includes(f) : f.test(path));
  }

  decide(path: string, email?: string): { fault?: FaultKind; latencyMs: number } {
    if (!this.matches(path, email)) return { latencyMs: delay(this.baseLatency, this.random) };
    const latencyMs = delay(this.spec.latencyMs ?? this.baseLatency, this.random);
    if (this.queue.length > 0) {
      const next = this.queue.shift()!;
      return { fault: next === 'none' ? undefined : next, latencyMs };
    }
    for (const kind of FAULT_KINDS) {
      const rate = this.spec.rates?.[kind];
      if (rate && this.random() < rate) return { fault: kind, latencyMs };
    }
    return { latencyMs };
  }
}

function delay(l: Latency | undefined, random: () => number): number {
  if (l === undefined) return 0;
  if (typeof l === 'number') return l;
  return Math.round(l[0] + random() * (l[1] - l[0]));
}

export function parseLatency(text: string): Latency {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`invalid latency "${text}": use milliseconds, e.g. 200 or 100-800`);
  if (m[2] === undefined) return Number(m[1]);
  const [min, max] = [Number(m[1]), Number(m[2])];
  if (max < min) throw new Error(`invalid latency "${text}": the maximum is below the minimum`);
  return [min, max];
}

/** The CLI form: "503=0.2,drop=0.05,latency=100-300,retry-after=2,seed=1,path=/list"; a bare kind means always. */
export function parseFaults(text: string): FaultSpec {
  const spec: FaultSpec = { rates: {} };
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? '' : item.slice(eq + 1);
    if (key === 'latency') spec.latencyMs = parseLatency(value);
    else if (key === 'retry-after' || key === 'seed') {
      if (!/^\d+$/.test(value)) throw new Error(`invalid fault option "${item}": expected a whole number`);
      if (key === 'seed') spec.seed = Number(value);
      else spec.retryAfter = Number(value);
    } else if (key === 'path') spec.path = value;
    else if ((FAULT_KINDS as readonly string[]).includes(key)) {
      const rate = eq < 0 ? 1 : Number(value);
      if (!(rate >= 0 && rate <= 1) || (value.trim() === '' && eq >= 0))
        throw new Error(`invalid fault rate "${item}": expected a probability between 0 and 1`);
      spec.rates![key as FaultKind] = rate;
    } else {
      throw new Error(`unknown fault "${key}": use one of ${FAULT_KINDS.join(', ')}, latency, retry-after, seed, path`);
    }
  }
  return spec;
}

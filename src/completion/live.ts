// Live IDs for Tab: from the cache when fresh, else fetched through the SDK of a Context (which
// resolves credentials exactly as a command would, with config/settings.ts, honouring --sandbox,
// --profile and --base-url from the line being completed), under a hard deadline.
import type { EntityList, MasgClient } from '../sdk/types.js';
import { Context, type GlobalOptions } from '../context.js';
import { accountOverrides } from '../config/settings.js';
import { defaultConfigDir } from '../config/store.js';
import type { IdKind } from './hints.js';
import { cacheLabel, configStamp, openCache, readFresh, store, type IdList } from '../config/id-cache.js';
import { nullIo } from './null-io.js';
import type { LineGlobals } from './query.js';

/** A Tab that makes the shell wait longer than this is worse than one that offers nothing. */
export const DEADLINE_MS = 1500;

/** MASG_COMPLETION_DEADLINE_MS: a slow link or a huge account may want more (0.1–60 s). */
function deadlineFrom(env: Env): number {
  const ms = Number(env.MASG_COMPLETION_DEADLINE_MS);
  return Number.isInteger(ms) && ms >= 100 && ms <= 60_000 ? ms : DEADLINE_MS;
}

type Env = Record<string, string | undefined>;

export async function liveIds(kind: IdKind, line: LineGlobals, env: Env, version: string): Promise<IdList> {
  const configDir = defaultConfigDir({ env });
  const label = cacheLabel(line, env);
  // Everything that can change which account answers, known without opening the profile store.
  // The precedence is settings.ts's own (accountOverrides), the one every command resolves with.
  const identity = line.sandbox ? 'sandbox' : JSON.stringify([label, ...accountOverrides(line, env), configStamp(configDir)]);
  const cache = openCache(configDir, label, identity);
  const cached = readFresh(cache, kind);
  if (cached) return cached;

  const budget = deadlineFrom(env);
  const deadline = AbortSignal.timeout(budget);
  // No retries: a Tab press has one short budget, and an answer too late is no answer.
  const globals: GlobalOptions = { ...line, header: true, color: 'never', quiet: true, timeout: budget / 1000, retries: 0 };
  const ctx = new Context(nullIo(env, deadline), globals, version);
  try {
    const fresh = await beforeDeadline(fetchIds(ctx, kind), deadline);
    try {
      await store(cache, fresh);
    } catch {
      // A read-only or full config dir costs the next Tab a request, not this answer (and a
      // cache locked by another shell is skipped after a few ms: store() returns false).
    }
    return fresh[kind] ?? [];
  } finally {
    // A deadline hit while the embedded sandbox was still starting: let it finish starting so
    // that close() stops it, or its listening socket would keep the process (and the shell) waiting.
    await ctx.credentials().catch(() => undefined);
    await ctx.close();
  }
}

function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    deadline.addEventListener('abort', () => reject(deadline.reason instanceof Error ? deadline.reason : new Error('deadline')), {
      once: true,
    });
    work.then(resolve, reject);
  });
}

async function fetchIds(ctx: Context, kind: IdKind): Promise<Partial<Record<IdKind, IdList>>> {
  // The context's client: same proxy and redaction as a command; its signal is the deadline
  // (the null IO carries it), so no request outlives the budget.
  // readingSdk: a --dry-run on the line being completed does not stop Tab from reading.
  return fetchers[kind](await ctx.readingSdk());
}

/** [id, description] of every entity of a list, read as it streams: nothing else is kept. */
async function pairs<T extends { id: string }>(list: EntityList<T>, describe: (entity: T) => string): Promise<IdList> {
  const out: IdList = [];
  for await (const batch of list.batches()) for (const entity of batch) out.push([entity.id, describe(entity)]);
  return out;
}

const fetchers: Record<IdKind, (client: MasgClient) => Promise<Partial<Record<IdKind, IdList>>>> = {
  async publications(client) {
    return { publications: await pairs(client.listPublications(), (p) => p.name) };
  },
  async adslots(client) {
    // Both lists at once; a slot keeps only its ID, name and publication ID until the names are known.
    const owners: string[] = [];
    const [slots, publications] = await Promise.all([
      pairs(client.listAdSlots(), (s) => {
        owners.push(s.publication);
        return s.name;
      }),
      pairs(client.listPublications(), (p) => p.name),
    ]);
    const pubName = new Map(publications);
    slots.forEach((slot, i) => {
      const pub = pubName.get(owners[i]);
      if (pub !== undefined) slot[1] = `${slot[1]} (${pub})`;
    });
    return { adslots: slots, publications };
  },
  async advertisers(client) {
    return { advertisers: await pairs(client.listAdvertisers(), (a) => a.name) };
  },
  // Campaigns are listed per advertiser only: `campaign view <Tab>` offers those of all of them.
  async campaigns(client) {
    const advertisers = await pairs(client.listAdvertisers(), (a) => a.name);
    const lists = await Promise.all(advertisers.map(([id, name]) => pairs(client.listCampaigns(id), (c) => `${c.name} (${name})`)));
    return { campaigns: lists.flat(), advertisers };
  },
};

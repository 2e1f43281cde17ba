// Live IDs for Tab: from the cache when fresh, else fetched through the SDK under a hard deadline.
import type { EntityList, MasgClient } from '../sdk/types.js';
import { defaultConfigDir } from '../config/store.js';
import type { IdKind } from './hints.js';
import { cacheIdentity, cacheLabel, openCache, readFresh, store, type IdList } from '../config/id-cache.js';
import type { LineGlobals } from './query.js';

/** A Tab that makes the shell wait longer than this is worse than one that offers nothing. */
export const DEADLINE_MS = 1500;

/** MASG_COMPLETION_DEADLINE_MS: a slow link or a huge account may want more (0.1–60 s). */
function deadlineFrom(env: Env): number {
  const ms = Number(env.MASG_COMPLETION_DEADLINE_MS);
  return Number.isInteger(ms) && ms >= 100 && ms <= 60_000 ? ms : DEADLINE_MS;
}

type Env = Record<string, string | undefined>;

export interface LineSession {
  /** Sends even when the line says --dry-run: Tab reads, it never changes anything. */
  sdk(): Promise<MasgClient>;
  /** Releases everything, an embedded sandbox still starting included; never fails. */
  close(): Promise<void>;
}

/** Opens a session: no retries, `budgetMs` as the timeout, aborted by `deadline`. */
export type OpenLineSession = (line: LineGlobals, deadline: AbortSignal, budgetMs: number) => Promise<LineSession>;

export async function liveIds(kind: IdKind, line: LineGlobals, env: Env, open: OpenLineSession): Promise<IdList> {
  const configDir = defaultConfigDir({ env });
  const label = cacheLabel(line, env);
  const cache = openCache(configDir, label, cacheIdentity(line, env, configDir));
  const cached = readFresh(cache, kind);
  if (cached) return cached;

  const budget = deadlineFrom(env);
  const deadline = AbortSignal.timeout(budget);
  const session = open(line, deadline, budget);
  try {
    const fresh = await beforeDeadline(
      session.then(async (s) => fetchers[kind](await s.sdk())),
      deadline,
    );
    try {
      await store(cache, fresh);
    } catch {
      // A read-only or full config dir costs the next Tab a request, not this answer.
    }
    return fresh[kind] ?? [];
  } finally {
    await (await session).close();
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

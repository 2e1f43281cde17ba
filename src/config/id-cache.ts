// The short-lived cache of live IDs behind Tab: one file per profile under the config dir
// (cache/ids-<profile>.json), so that a burst of Tab presses costs one round of requests.
// It holds IDs and names only, never credentials. A write is a read-modify-write under the
// file's cross-process lock with an atomic replace (src/core/file-lock.ts): two shells completing
// different kinds at once keep both lists, and a third never sees a half-written file.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { accountOverrides, resolveProfileName } from './settings.js';
/** The kinds of ID lists Tab offers (src/completion/hints.ts names them the same). */
export type IdKind = 'publications' | 'adslots' | 'advertisers' | 'campaigns';

/**
 * How long a Tab waits for another process's lock on the cache before it skips caching: the
 * answer is already in hand, and a cache is not worth making the shell wait.
 */
export const CACHE_LOCK_WAIT_MS = 50;

/** Long enough for a burst of Tabs and a few commands, short enough that new entities show up soon. */
export const CACHE_TTL_MS = 10 * 60 * 1000;

/** [id, description] pairs. */
export type IdList = Array<[string, string]>;

interface CacheFile {
  /** Which account and server the IDs belong to; a different one makes the file a miss. */
  identity: string;
  entries: Partial<Record<IdKind, { at: number; items: IdList }>>;
}

export interface IdCache {
  path: string;
  identity: string;
}

/** `label`: the profile name ("sandbox" for --sandbox), made safe for a file name. */
export function openCache(configDir: string, label: string, identity: string): IdCache {
  return { path: join(configDir, 'cache', `ids-${label.replace(/[^\w.-]/g, '_')}.json`), identity };
}

function readFile(cache: IdCache): CacheFile | undefined {
  try {
    return parse(cache, readFileSync(cache.path, 'utf8'));
  } catch {
    return undefined;
  }
}

function parse(cache: IdCache, text: string | undefined): CacheFile | undefined {
  try {
    const file = JSON.parse(text ?? '') as CacheFile;
    return file.identity === cache.identity && typeof file.entries === 'object' && file.entries !== null ? file : undefined;
  } catch {
    return undefined;
  }
}

export function readFresh(cache: IdCache, kind: IdKind, now = Date.now()): IdList | undefined {
  const entry = readFile(cache)?.entries[kind];
  return entry && now - entry.at >= 0 && now - entry.at < CACHE_TTL_MS && Array.isArray(entry.items) ? entry.items : undefined;
}

/**
 * Merge `fresh` into the cache file as it is on disk now. Resolves false, having written nothing,
 * when another process holds the lock for longer than `waitMs` (see CACHE_LOCK_WAIT_MS).
 */
export async function store(
  cache: IdCache,
  fresh: Partial<Record<IdKind, IdList>>,
  opts: { now?: number; waitMs?: number } = {},
): Promise<boolean> {
  const now = opts.now ?? Date.now();
  mkdirSync(join(cache.path, '..'), { recursive: true, mode: 0o700 });
  const { tryWithFileLock } = await import('../core/file-lock.js');
  const done = await tryWithFileLock(
    cache.path,
    async (locked) => {
      const file: CacheFile = parse(cache, await locked.read()) ?? { identity: cache.identity, entries: {} };
      for (const [kind, items] of Object.entries(fresh) as Array<[IdKind, IdList]>) file.entries[kind] = { at: now, items };
      // No fsync while the shell waits for Tab: a cache a crash loses (or leaves unreadable, which
      // reads as a miss) costs one request, never a wrong answer.
      await locked.write(JSON.stringify(file), { mode: 0o600, durable: false });
      return true;
    },
    { waitMs: opts.waitMs ?? CACHE_LOCK_WAIT_MS },
  );
  return done ?? false;
}

/** Changes when the profiles file does (login, logout), so a new login never sees old IDs. */
export function configStamp(configDir: string): number {
  try {
    return statSync(join(configDir, 'config.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The cache's name for the account a command line uses: "sandbox", else the profile's name,
 * decided by settings.ts exactly as for a command (an empty MASG_PROFILE is unset).
 */
export function cacheLabel(globals: { sandbox?: boolean; profile?: string }, env: Record<string, string | undefined>): string {
  return globals.sandbox ? 'sandbox' : resolveProfileName(globals, env).name;
}

/**
 * Which account and server a line's IDs belong to, known without opening the profile store:
 * everything that can change the answer, by settings.ts's own precedence (accountOverrides).
 * Tab and the commands that show names beside IDs share one cache through it.
 */
export function cacheIdentity(
  globals: { sandbox?: boolean; profile?: string; baseUrl?: string },
  env: Record<string, string | undefined>,
  configDir: string,
): string {
  return globals.sandbox
    ? 'sandbox'
    : JSON.stringify([cacheLabel(globals, env), ...accountOverrides(globals, env), configStamp(configDir)]);
}

/** What a change sent to `path` can make stale: Tab must offer a created ID (and a new name) at once. */
export function kindsChangedBy(path: string): IdKind[] {
  const p = path.replace(/^\/+/, '');
  if (p.startsWith('publication')) return ['publications'];
  if (p.startsWith('adslot')) return ['adslots'];
  return ['publications', 'adslots', 'advertisers', 'campaigns']; // `masg api -X POST` anything else
}

/**
 * Drops `kinds` from the label's cache file after masg changed them (create, update), whatever
 * account the file holds. Cheap when there is no file (one failed stat), and it never fails the
 * command: a cache it cannot rewrite under its lock within a moment is deleted instead, and an
 * error is swallowed (the worst case is a stale Tab for CACHE_TTL_MS).
 */
export async function forget(configDir: string, label: string, kinds: readonly IdKind[]): Promise<void> {
  const cache = openCache(configDir, label, '');
  try {
    statSync(cache.path);
  } catch {
    return;
  }
  try {
    const { tryWithFileLock } = await import('../core/file-lock.js');
    const done = await tryWithFileLock(
      cache.path,
      async (locked) => {
        const text = await locked.read();
        let file: CacheFile | undefined;
        try {
          file = JSON.parse(text ?? '') as CacheFile;
        } catch {
          file = undefined;
        }
        if (!file || typeof file.entries !== 'object' || file.entries === null) {
          await locked.write(JSON.stringify({ identity: '', entries: {} }), { mode: 0o600 });
          return true;
        }
        for (const kind of kinds) delete file.entries[kind];
        await locked.write(JSON.stringify(file), { mode: 0o600 });
        return true;
      },
      { waitMs: 250 },
    );
    if (!done) rmSync(cache.path, { force: true });
  } catch {
    try {
      rmSync(cache.path, { force: true });
    } catch {
      // nothing more a cache is worth
    }
  }
}

// The short-lived cache of live IDs behind Tab, one file per profile, so a burst of Tab presses costs one round of
// requests. IDs and names only, never credentials; writes are locked read-modify-writes with an atomic replace.
import { configFile } from './active-profile.js';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { accountOverrides, resolveProfileName } from './settings.js';
import { tryWithFileLock } from '../core/file-lock.js';
export type IdKind = 'publications' | 'adslots' | 'advertisers' | 'campaigns';

/** How long Tab waits for another process's lock before it skips caching: a cache is not worth making the shell wait. */
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

/** Merge `fresh` into the file as it is on disk now; false, having written nothing, when the lock stays busy for `waitMs`. */
export async function store(
  cache: IdCache,
  fresh: Partial<Record<IdKind, IdList>>,
  opts: { now?: number; waitMs?: number } = {},
): Promise<boolean> {
  const now = opts.now ?? Date.now();
  mkdirSync(join(cache.path, '..'), { recursive: true, mode: 0o700 });
  const done = await tryWithFileLock(
    cache.path,
    async (locked) => {
      const file: CacheFile = parse(cache, await locked.read()) ?? { identity: cache.identity, entries: {} };
      for (const [kind, items] of Object.entries(fresh) as Array<[IdKind, IdList]>) file.entries[kind] = { at: now, items };
      // No fsync while the shell waits: a cache lost in a crash costs one request, never a wrong answer.
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
    return statSync(configFile(configDir)).mtimeMs;
  } catch {
    return 0;
  }
}

export function cacheLabel(
  globals: { sandbox?: boolean; profile?: string },
  env: Record<string, string | undefined>,
  configDir?: string,
): string {
  return globals.sandbox ? 'sandbox' : resolveProfileName(globals, env, configDir && configFile(configDir)).name;
}

/** Which account and server a line's IDs belong to, by settings.ts's precedence, without opening the profile store. */
export function cacheIdentity(
  globals: { sandbox?: boolean; profile?: string; baseUrl?: string },
  env: Record<string, string | undefined>,
  configDir: string,
): string {
  return globals.sandbox
    ? 'sandbox'
    : JSON.stringify([cacheLabel(globals, env, configDir), ...accountOverrides(globals, env), configStamp(configDir)]);
}

/** What a change sent to `path` can make stale: Tab must offer a created ID (and a new name) at once. */
export function kindsChangedBy(path: string): IdKind[] {
  const p = path.replace(/^\/+/, '');
  if (p.startsWith('publication')) return ['publications'];
  if (p.startsWith('adslot')) return ['adslots'];
  return ['publications', 'adslots', 'advertisers', 'campaigns']; // `masg api -X POST` anything else
}

/** Drop `kinds` from the label's cache after masg changed them; never fails the command (an unwritable cache is deleted). */
export async function forget(configDir: string, label: string, kinds: readonly IdKind[]): Promise<void> {
  const cache = openCache(configDir, label, '');
  try {
    statSync(cache.path);
  } catch {
    return;
  }
  try {
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

// The short-lived cache of live IDs behind Tab: one file per profile under the config dir
// (cache/ids-<profile>.json), so that a burst of Tab presses costs one round of requests.
// It holds IDs and names only, never credentials. Writes are atomic (temporary file, then
// rename): two shells completing at once must never leave a half-written file for a third.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdKind } from './hints.js';

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
    const file = JSON.parse(readFileSync(cache.path, 'utf8')) as CacheFile;
    return file.identity === cache.identity && typeof file.entries === 'object' ? file : undefined;
  } catch {
    return undefined;
  }
}

export function readFresh(cache: IdCache, kind: IdKind, now = Date.now()): IdList | undefined {
  const entry = readFile(cache)?.entries[kind];
  return entry && now - entry.at >= 0 && now - entry.at < CACHE_TTL_MS && Array.isArray(entry.items) ? entry.items : undefined;
}

export function store(cache: IdCache, fresh: Partial<Record<IdKind, IdList>>, now = Date.now()): void {
  const file: CacheFile = readFile(cache) ?? { identity: cache.identity, entries: {} };
  for (const [kind, items] of Object.entries(fresh) as Array<[IdKind, IdList]>) file.entries[kind] = { at: now, items };
  mkdirSync(join(cache.path, '..'), { recursive: true, mode: 0o700 });
  const tmp = `${cache.path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(file), { mode: 0o600 });
  renameSync(tmp, cache.path);
}

/** Changes when the profiles file does (login, logout), so a new login never sees old IDs. */
export function configStamp(configDir: string): number {
  try {
    return statSync(join(configDir, 'config.json')).mtimeMs;
  } catch {
    return 0;
  }
}

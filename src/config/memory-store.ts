// An in-memory ProfileStore for tests: the file store's contract, no disk.
import type { Profile, ProfileStore, ProfileSummary } from './store.js';

export function createMemoryStore(
  initial: Record<string, Profile> = {},
  opts: { path?: string; permissionWarning?: string } = {},
): ProfileStore & { readonly profiles: Map<string, Profile> } {
  const profiles = new Map(Object.entries(initial).map(([name, p]) => [name, { ...p }]));
  const path = opts.path ?? '/memory/masg/config.json';
  return {
    profiles,
    path,
    get(name) {
      const p = profiles.get(name);
      return Promise.resolve(p && { ...p });
    },
    set(name, profile) {
      profiles.set(name, { ...profile });
      return Promise.resolve();
    },
    delete(name) {
      const p = profiles.get(name);
      profiles.delete(name);
      return Promise.resolve(p);
    },
    list(): Promise<ProfileSummary[]> {
      return Promise.resolve(
        [...profiles.keys()].sort().map((name) => {
          const { key, ...rest } = profiles.get(name)!;
          return { name, ...rest, hasKey: !!key };
        }),
      );
    },
    keyLocation: () => `config file ${path}`,
    checkPermissions: () => Promise.resolve(opts.permissionWarning),
  };
}

// An in-memory ProfileStore for tests: the file store's contract, no disk.
import { noProfile, type Profile, type ProfileStore, type ProfileSummary } from './store.js';

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
          const { key, notifyUrl, notifyUrlKeyring, ...rest } = profiles.get(name)!;
          return { name, ...rest, hasKey: !!key, notifyUrlIn: notifyUrlKeyring ? 'keyring' : notifyUrl ? 'file' : 'none' };
        }),
      );
    },
    setNotifyUrl(name, value) {
      const p = profiles.get(name);
      if (p === undefined) return Promise.reject(noProfile(name, path));
      const { notifyUrl: _url, notifyUrlKeyring: _keyring, ...rest } = p;
      profiles.set(name, {
        ...rest,
        ...(value === undefined ? {} : 'url' in value ? { notifyUrl: value.url } : { notifyUrlKeyring: true }),
      });
      return Promise.resolve();
    },
    readNotifyUrl: (name) => Promise.resolve(profiles.get(name)?.notifyUrl),
    keyLocation: () => `config file ${path}`,
    checkPermissions: () => Promise.resolve(opts.permissionWarning),
  };
}

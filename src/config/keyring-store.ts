// The key in the OS keyring, everything else in the config file (`keyring: true`), so a command with MASG_DEVELOPER_KEY
// never asks the keyring (cron often has none). When the keyring fails the key goes to the file, and the user is told why.
import { ConfigError } from '../core/errors.js';
import { KeyringUnavailable, type Keyring } from './keyring.js';
import type { Profile, ProfileStore } from './store.js';

export function withKeyring(file: ProfileStore, keyring: Keyring): ProfileStore {
  const notices: string[] = [];
  // keyLocation() is synchronous: it answers from the profile get() last returned.
  const seen = new Map<string, Profile | undefined>();
  const where = (name: string) => `${keyring.description}, service "masg", account "${name}"`;

  async function forget(name: string): Promise<void> {
    try {
      await keyring.delete(name);
    } catch (err) {
      if (!(err instanceof KeyringUnavailable)) throw err;
      notices.push(`The old key of profile "${name}" could not be removed from ${keyring.description}: ${err.reason}.`);
    }
  }

  return {
    path: file.path,
    async get(name) {
      const profile = await file.get(name);
      seen.set(name, profile);
      return profile;
    },
    async set(name, profile) {
      const previous = await file.get(name);
      const { key, keyring: _ignored, ...rest } = profile;
      if (key === undefined || key === '') return file.set(name, rest);
      try {
        await keyring.set(name, key);
      } catch (err) {
        if (!(err instanceof KeyringUnavailable)) throw err;
        notices.push(
          `The developer key was saved in the config file ${file.path} (readable only by you), not in ${keyring.description}: ${err.reason}.` +
            ' (Set MASG_KEYRING=0 to use the file without trying the keyring.)',
        );
        await file.set(name, { ...rest, key });
        if (previous?.keyring) await forget(name);
        return;
      }
      await file.set(name, { ...rest, keyring: true });
    },
    async delete(name) {
      const removed = await file.delete(name);
      if (!removed?.keyring) return removed;
      await forget(name);
      return removed;
    },
    list: () => file.list(),
    keyLocation: (name) => (seen.get(name)?.keyring ? where(name) : file.keyLocation(name)),
    checkPermissions: () => file.checkPermissions(),
    async readKey(name) {
      try {
        return await keyring.get(name);
      } catch (err) {
        if (!(err instanceof KeyringUnavailable)) throw err;
        throw new ConfigError(
          `The developer key of profile "${name}" is in ${keyring.description}, which could not be reached: ${err.reason}.`,
          {
            hint: 'Run masg where the keyring is unlocked, set MASG_DEVELOPER_KEY, or keep the key in the file: `MASG_KEYRING=0 masg login`.',
          },
        );
      }
    },
    drainNotices: () => notices.splice(0),
  };
}

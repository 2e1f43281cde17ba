// The key in the OS keyring, everything else in the config file (`keyring: true`), so a command with MASG_DEVELOPER_KEY
// never asks the keyring (cron often has none). When the keyring fails the key goes to the file, and the user is told why.
import { ConfigError } from '../core/errors.js';
import { KeyringUnavailable, type Keyring, type SecretKind } from './keyring.js';
import { noProfile, type Profile, type ProfileStore } from './store.js';

export function withKeyring(file: ProfileStore, keyring: Keyring): ProfileStore {
  const notices: string[] = [];
  // keyLocation() is synchronous: it answers from the profile get() last returned.
  const seen = new Map<string, Profile | undefined>();
  const where = (name: string) => `${keyring.description}, service "masg", account "${name}"`;

  const forget = (name: string, secret: SecretKind = 'key') => forgetSecret(keyring, notices, name, secret);

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
      if (removed?.keyring) await forget(name);
      if (removed?.notifyUrlKeyring) await forget(name, 'notify-url');
      return removed;
    },
    ...notifyUrlMethods(file, keyring, notices),
    list: () => file.list(),
    keyLocation: (name) => (seen.get(name)?.keyring ? where(name) : file.keyLocation(name)),
    checkPermissions: () => file.checkPermissions(),
    async readKey(name) {
      try {
        return await keyring.get(name);
      } catch (err) {
        if (!(err instanceof KeyringUnavailable)) throw err;
        throw unreachable(
          keyring,
          name,
          'developer key',
          err,
          'set MASG_DEVELOPER_KEY, or keep the key in the file: `MASG_KEYRING=0 masg login`',
        );
      }
    },
    drainNotices: () => notices.splice(0),
  };
}

/** The webhook URL (`masg notify-url set`) in the keyring as its own item, the file saying only that it is there. */
function notifyUrlMethods(file: ProfileStore, keyring: Keyring, notices: string[]): Pick<ProfileStore, 'setNotifyUrl' | 'readNotifyUrl'> {
  return {
    async setNotifyUrl(name, value) {
      const previous = await file.get(name);
      if (previous === undefined) throw noProfile(name, file.path);
      if (value !== undefined && 'url' in value) {
        try {
          await keyring.set(name, value.url, 'notify-url');
          return await file.setNotifyUrl(name, { keyring: true });
        } catch (err) {
          if (!(err instanceof KeyringUnavailable)) throw err;
          notices.push(
            `The webhook URL was saved in the config file ${file.path} (readable only by you), not in ${keyring.description}: ${err.reason}.`,
          );
        }
      }
      await file.setNotifyUrl(name, value);
      if (previous?.notifyUrlKeyring) await forgetSecret(keyring, notices, name, 'notify-url');
    },
    async readNotifyUrl(name) {
      const profile = await file.get(name);
      if (!profile?.notifyUrlKeyring) return profile?.notifyUrl;
      try {
        return await keyring.get(name, 'notify-url');
      } catch (err) {
        if (!(err instanceof KeyringUnavailable)) throw err;
        throw unreachable(keyring, name, 'webhook URL', err, 'or set MASG_NOTIFY_URL');
      }
    },
  };
}

async function forgetSecret(keyring: Keyring, notices: string[], name: string, secret: SecretKind): Promise<void> {
  try {
    await keyring.delete(name, secret);
  } catch (err) {
    if (!(err instanceof KeyringUnavailable)) throw err;
    const what = secret === 'key' ? 'key' : 'webhook URL';
    notices.push(`The old ${what} of profile "${name}" could not be removed from ${keyring.description}: ${err.reason}.`);
  }
}

/** A secret the keyring could not give, as the error that says where it is and what to do. */
function unreachable(keyring: Keyring, name: string, what: string, err: KeyringUnavailable, instead: string): ConfigError {
  return new ConfigError(`The ${what} of profile "${name}" is in ${keyring.description}, which could not be reached: ${err.reason}.`, {
    hint: `Run masg where the keyring is unlocked, ${instead}.`,
  });
}

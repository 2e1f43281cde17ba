// The file-backed ProfileStore: one JSON file, 0600 in a 0700 folder (keys in clear text), changed under a cross-process lock.
import { stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, MasgError } from '../core/errors.js';
import { systemKeyring } from './keyring.js';
import { withKeyring } from './keyring-store.js';
import { ensurePrivateDir, tightenDir } from './private-dir.js';
import { noProfile, type NotifyUrlValue, type Profile, type ProfileStore, type ProfileSummary } from './store.js';
import { withFileLock } from '../core/file-lock.js';

interface FileShape {
  profiles?: Record<string, unknown>;
}

export async function openStore(
  dir: string,
  opts: {
    platform?: NodeJS.Platform;
    /** Given (the command's environment): keys go to the OS keyring where there is one (keyring.ts). */
    env?: Record<string, string | undefined>;
  } = {},
): Promise<ProfileStore> {
  const cwd = resolve(dir);
  await ensurePrivateDir(cwd);
  const profileFile = new ProfileFile(cwd);
  profileFile.profiles(); // a corrupt file is reported when the store is opened, as before any use
  const file = new ConfStore(profileFile, opts.platform ?? process.platform);
  if (opts.env === undefined) return file;
  const { keyring } = systemKeyring({ env: opts.env, platform: opts.platform, scope: cwd });
  return keyring ? withKeyring(file, keyring) : file;
}

class ProfileFile {
  readonly path: string;
  private read?: { profiles: unknown };

  constructor(cwd: string) {
    this.path = join(cwd, 'config.json');
  }

  profiles(): unknown {
    this.read ??= { profiles: this.load() };
    return this.read.profiles;
  }

  private load(): unknown {
    return guard(this.path, () => {
      let text: string;
      try {
        text = readFileSync(this.path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // nothing stored yet
        throw error;
      }
      return (JSON.parse(text) as FileShape).profiles;
    });
  }

  /** Apply `change` to the profiles as they are on disk now, inside the lock; writes only when something changed. */
  async update<T>(change: (profiles: Record<string, unknown>) => T): Promise<T> {
    try {
      return await withFileLock(this.path, async (locked) => {
        const text = await locked.read();
        // A corrupt file is reported, never replaced: it may hold the only copy of a key.
        const file = guard(this.path, () => (text === undefined ? {} : (JSON.parse(text) as FileShape & Record<string, unknown>)));
        const profiles = profilesObject(this.path, file.profiles);
        const before = JSON.stringify(profiles);
        const result = change(profiles);
        if (JSON.stringify(profiles) !== before)
          await locked.write(`${JSON.stringify({ ...file, profiles }, undefined, '\t')}\n`, { mode: 0o600 });
        this.read = { profiles };
        return result;
      });
    } catch (error) {
      throw asConfigError(this.path, error);
    }
  }
}

function guard<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw asConfigError(path, error);
  }
}

function asConfigError(path: string, error: unknown): Error {
  // Already explained (a malformed profile, a lock held too long: exit 7).
  if (error instanceof MasgError) return error;
  const why = error instanceof SyntaxError ? 'is not valid JSON' : `cannot be used (${(error as Error).message})`;
  return new ConfigError(`The masg config file in ${path} ${why}.`, {
    cause: error,
    hint: 'Fix or remove the file, then run `masg login` again.',
  });
}

/** The profiles object; an own-property map so a name like "constructor" finds nothing. */
function profilesObject(path: string, value: unknown): Record<string, unknown> {
  if (value === undefined) return Object.create(null) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`The masg config file ${path} is malformed: "profiles" is not an object.`, {
      hint: 'Fix or remove the file, then run `masg login` again.',
    });
  }
  return Object.assign(Object.create(null) as Record<string, unknown>, value);
}

class ConfStore implements ProfileStore {
  readonly path: string;

  constructor(
    private readonly file: ProfileFile,
    private readonly platform: NodeJS.Platform,
  ) {
    this.path = file.path;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- ProfileStore is async (the keyring store awaits); a bad file must reject, not throw
  async get(name: string): Promise<Profile | undefined> {
    const raw = this.profiles()[name];
    return raw === undefined ? undefined : this.parse(name, raw);
  }

  async set(name: string, profile: Profile): Promise<void> {
    // A folder created open (by an older masg, or by hand) is closed before a key goes into it.
    if (profile.key !== undefined && profile.key !== '') await tightenDir(dirname(this.path), this.platform);
    await this.file.update((profiles) => {
      profiles[name] = clean(profile);
    });
  }

  async setNotifyUrl(name: string, value: NotifyUrlValue | undefined): Promise<void> {
    if (value !== undefined && 'url' in value) await tightenDir(dirname(this.path), this.platform);
    await this.file.update((profiles) => {
      if (profiles[name] === undefined) throw noProfile(name, this.path);
      const { notifyUrl: _url, notifyUrlKeyring: _keyring, ...rest } = this.parse(name, profiles[name]);
      profiles[name] = clean({
        ...rest,
        ...(value === undefined ? {} : 'url' in value ? { notifyUrl: value.url } : { notifyUrlKeyring: true }),
      });
    });
  }

  async readNotifyUrl(name: string): Promise<string | undefined> {
    return (await this.get(name))?.notifyUrl;
  }

  async delete(name: string): Promise<Profile | undefined> {
    const raw = await this.file.update((profiles) => {
      const removed = profiles[name];
      delete profiles[name];
      return removed;
    });
    return raw === undefined ? undefined : this.parse(name, raw);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- ProfileStore is async (the keyring store awaits); a bad file must reject, not throw
  async list(): Promise<ProfileSummary[]> {
    const profiles = this.profiles();
    return Object.keys(profiles)
      .sort()
      .map((name) => {
        const { key, keyring, notifyUrl, notifyUrlKeyring, ...rest } = this.parse(name, profiles[name]);
        const notifyUrlIn = notifyUrlKeyring ? 'keyring' : notifyUrl ? 'file' : 'none';
        return { name, ...rest, hasKey: (key !== undefined && key !== '') || keyring === true, notifyUrlIn };
      });
  }

  keyLocation(): string {
    return `config file ${this.path}`;
  }

  async checkPermissions(): Promise<string | undefined> {
    // Windows has no POSIX mode bits; the file inherits the user profile's ACL there.
    if (this.platform === 'win32') return undefined;
    let mode: number;
    try {
      mode = (await stat(this.path)).mode & 0o777;
    } catch {
      return undefined; // no file yet: nothing stored, nothing exposed
    }
    if ((mode & 0o077) === 0) return undefined;
    // Writable by others is as bad as readable: a changed baseUrl would send the key elsewhere.
    return (
      `${this.path} is accessible to other users (mode ${mode.toString(8).padStart(4, '0')}): ` +
      `they can read or change the stored developer key. Fix it with: chmod 600 '${this.path}'`
    );
  }

  private profiles(): Record<string, unknown> {
    return profilesObject(this.path, this.file.profiles());
  }

  /** The file may be hand-edited: check the shape instead of trusting a cast. */
  private parse(name: string, raw: unknown): Profile {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const optional = (k: string) => (r[k] === undefined || typeof r[k] === 'string' ? r[k] : null);
    const [key, baseUrl, timezone, notifyUrl] = [optional('key'), optional('baseUrl'), optional('timezone'), optional('notifyUrl')];
    const flag = (k: string) => (r[k] === undefined || typeof r[k] === 'boolean' ? r[k] : null);
    const [keyring, notifyUrlKeyring] = [flag('keyring'), flag('notifyUrlKeyring')];
    if ([key, baseUrl, timezone, notifyUrl, keyring, notifyUrlKeyring].includes(null) || typeof r.email !== 'string') {
      throw new ConfigError(`Profile "${name}" in ${this.path} is malformed (email, key, baseUrl, timezone, notifyUrl must be strings).`, {
        hint: `Run \`masg login --profile ${name}\` to write it again.`,
      });
    }
    return clean({ email: r.email, key, baseUrl, timezone, keyring, notifyUrl, notifyUrlKeyring } as Profile);
  }
}

/** Drop absent fields so the file holds no `"key": null` noise and reads back equal. */
function clean(profile: Profile): Profile {
  const out: Profile = { email: profile.email };
  if (profile.key !== undefined) out.key = profile.key;
  if (profile.baseUrl !== undefined) out.baseUrl = profile.baseUrl;
  if (profile.timezone !== undefined) out.timezone = profile.timezone;
  if (profile.keyring) out.keyring = true;
  if (profile.notifyUrl !== undefined) out.notifyUrl = profile.notifyUrl;
  if (profile.notifyUrlKeyring) out.notifyUrlKeyring = true;
  return out;
}

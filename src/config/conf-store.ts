// The file-backed ProfileStore: one JSON file written by `conf` (atomic writes), mode 0600 in a
// 0700 directory, because it holds developer keys in clear text.
import { chmod, mkdir, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type Conf from 'conf';
import { ConfigError } from '../errors.js';
import { systemKeyring } from './keyring.js';
import { withKeyring } from './keyring-store.js';
import type { Profile, ProfileStore, ProfileSummary } from './store.js';

interface FileShape {
  profiles?: Record<string, unknown>;
}

/**
 * Open (without creating) the store in `dir`. `conf` is imported here, not at module top, so
 * `masg --help` never pays for it (and its ajv dependency).
 */
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

/**
 * conf creates missing directories with the default mode (0755 under a usual umask). Create it
 * first with 0700 so the file names are not listable either. An existing directory is left as
 * it is: it may be one the user chose and shares on purpose (MASG_CONFIG_DIR); the file's own
 * 0600 still protects the key, and checkPermissions() watches the file.
 */
async function ensurePrivateDir(dir: string): Promise<void> {
  try {
    const created = await mkdir(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is filtered by the umask; chmod states the intent regardless of it.
    if (created !== undefined) await chmod(dir, 0o700);
  } catch (error) {
    throw new ConfigError(`Cannot create the config directory ${dir}: ${(error as Error).message}`, {
      cause: error,
      hint: 'Set MASG_CONFIG_DIR to a writable directory.',
    });
  }
}

/**
 * The config file. Reads parse the small JSON file directly; writes go through `conf` (atomic
 * replace, mode 0600), loaded only then: conf brings ajv and semver, ~70 ms that every command
 * reading a profile (all of them) would otherwise pay.
 */
class ProfileFile {
  readonly path: string;
  private conf?: Conf<FileShape>;
  /** The parsed file, read once per invocation (open, then every get/list) and dropped on write. */
  private read?: { profiles: unknown };

  constructor(private readonly cwd: string) {
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

  async setProfiles(profiles: Record<string, unknown>): Promise<void> {
    if (!this.conf) {
      const { default: ConfClass } = await import('conf');
      this.conf = guard(this.cwd, () =>
        new ConfClass<FileShape>({
          cwd: this.cwd,
          configName: 'config',
          configFileMode: 0o600,
          // Profile names may contain dots ("acme.prod"): they are keys, not paths.
          accessPropertiesByDotNotation: false,
          // A hand-edited file with a typo must not silently lose every stored key.
          clearInvalidConfig: false,
        }),
      );
    }
    const conf = this.conf;
    this.read = undefined;
    guard(this.path, () => conf.set('profiles', profiles));
  }
}

/** Turn conf's raw fs/JSON errors into a ConfigError that names the file and the way out. */
function guard<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const why = error instanceof SyntaxError ? 'is not valid JSON' : `cannot be used (${(error as Error).message})`;
    throw new ConfigError(`The masg config file in ${path} ${why}.`, {
      cause: error,
      hint: 'Fix or remove the file, then run `masg login` again.',
    });
  }
}

class ConfStore implements ProfileStore {
  readonly path: string;

  constructor(
    private readonly file: ProfileFile,
    private readonly platform: NodeJS.Platform,
  ) {
    this.path = file.path;
  }

  async get(name: string): Promise<Profile | undefined> {
    const raw = this.profiles()[name];
    return raw === undefined ? undefined : this.parse(name, raw);
  }

  async set(name: string, profile: Profile): Promise<void> {
    await this.file.setProfiles({ ...this.profiles(), [name]: clean(profile) });
  }

  async delete(name: string): Promise<Profile | undefined> {
    const profiles = { ...this.profiles() };
    const raw = profiles[name];
    if (raw === undefined) return undefined;
    delete profiles[name];
    await this.file.setProfiles(profiles);
    return this.parse(name, raw);
  }

  async list(): Promise<ProfileSummary[]> {
    const profiles = this.profiles();
    return Object.keys(profiles)
      .sort()
      .map((name) => {
        const { key, keyring, ...rest } = this.parse(name, profiles[name]);
        return { name, ...rest, hasKey: (key !== undefined && key !== '') || keyring === true };
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

  /** The profiles object; an own-property map so a name like "constructor" finds nothing. */
  private profiles(): Record<string, unknown> {
    const value = this.file.profiles();
    if (value === undefined) return Object.create(null) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ConfigError(`The masg config file ${this.path} is malformed: "profiles" is not an object.`, {
        hint: 'Fix or remove the file, then run `masg login` again.',
      });
    }
    return Object.assign(Object.create(null) as Record<string, unknown>, value);
  }

  /** The file may be hand-edited: check the shape instead of trusting a cast. */
  private parse(name: string, raw: unknown): Profile {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const optional = (k: string) => (r[k] === undefined || typeof r[k] === 'string' ? (r[k] as string | undefined) : null);
    const [key, baseUrl, timezone] = [optional('key'), optional('baseUrl'), optional('timezone')];
    const keyring = r.keyring === undefined || typeof r.keyring === 'boolean' ? (r.keyring as boolean | undefined) : null;
    if (typeof r.email !== 'string' || key === null || baseUrl === null || timezone === null || keyring === null) {
      throw new ConfigError(`Profile "${name}" in ${this.path} is malformed (email, key, baseUrl, timezone must be strings).`, {
        hint: `Run \`masg login --profile ${name}\` to write it again.`,
      });
    }
    return clean({ email: r.email, key, baseUrl, timezone, keyring });
  }
}

/** Drop absent fields so the file holds no `"key": null` noise and reads back equal. */
function clean(profile: Profile): Profile {
  const out: Profile = { email: profile.email };
  if (profile.key !== undefined) out.key = profile.key;
  if (profile.baseUrl !== undefined) out.baseUrl = profile.baseUrl;
  if (profile.timezone !== undefined) out.timezone = profile.timezone;
  if (profile.keyring) out.keyring = true;
  return out;
}

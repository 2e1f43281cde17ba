// The profile store contract, async because keyring APIs (Secret Service over D-Bus) are.
import { isAbsolute, join } from 'node:path';
import { homedir as osHomedir } from 'node:os';
import { ConfigError } from '../core/errors.js';

export interface Profile {
  email: string;
  key?: string;
  baseUrl?: string;
  timezone?: string;
  /** The key lives in the OS keyring (see keyring-store.ts), not in `key`. */
  keyring?: boolean;
  /** `masg pulse --notify`'s webhook URL, a secret like the key (`masg notify-url set`). */
  notifyUrl?: string;
  /** The webhook URL lives in the OS keyring, not in `notifyUrl`. */
  notifyUrlKeyring?: boolean;
}

/** Where a profile keeps its webhook URL, as ProfileStore.setNotifyUrl is told: the URL itself, or "in the keyring". */
export type NotifyUrlValue = { url: string } | { keyring: true };

/** What `list()` returns: everything but the key, so a listing can never leak it. */
export interface ProfileSummary {
  name: string;
  email: string;
  baseUrl?: string;
  timezone?: string;
  hasKey: boolean;
  /** Where the webhook URL is saved, never the URL itself. */
  notifyUrlIn: 'keyring' | 'file' | 'none';
}

export interface ProfileStore {
  readonly path: string;
  get(name: string): Promise<Profile | undefined>;
  set(name: string, profile: Profile): Promise<void>;
  delete(name: string): Promise<Profile | undefined>;
  list(): Promise<ProfileSummary[]>;
  /** Where this profile's key lives, in words, for `whoami` ("config file /…/config.json"). */
  keyLocation(name: string): string;
  /** A warning when the stored credentials are accessible to other users; undefined when fine. */
  checkPermissions(): Promise<string | undefined>;
  /** The key of a profile saved with `keyring: true`; throws ConfigError when the keyring cannot answer. */
  readKey?(name: string): Promise<string | undefined>;
  /** Saves (or with undefined removes) the webhook URL of an existing profile, leaving the rest as it is. */
  setNotifyUrl(name: string, value: NotifyUrlValue | undefined): Promise<void>;
  /** The webhook URL of a profile (from the keyring when saved there); ConfigError when the keyring cannot answer. */
  readNotifyUrl(name: string): Promise<string | undefined>;
  /** What the last set/delete has to tell the user (e.g. the key went to the file, and why). */
  drainNotices?(): string[];
}

export const DEFAULT_PROFILE = 'default';

/** MASG_CONFIG_DIR, else the XDG config dir on Linux and macOS alike (the path the docs name), %APPDATA%\masg on Windows. */
export function defaultConfigDir(opts: { env: Record<string, string | undefined>; homedir?: string; platform?: NodeJS.Platform }): string {
  const { env } = opts;
  if (env.MASG_CONFIG_DIR) return env.MASG_CONFIG_DIR;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)) return join(env.XDG_CONFIG_HOME, 'masg');
  if ((opts.platform ?? process.platform) === 'win32' && env.APPDATA) return join(env.APPDATA, 'masg');
  return join(opts.homedir ?? osHomedir(), '.config', 'masg');
}

/** A profile that must exist for a change (`masg notify-url set`) and does not. */
export function noProfile(name: string, path: string): ConfigError {
  return new ConfigError(`There is no profile named "${name}" (in ${path}).`, {
    hint: `\`masg profiles\` lists the saved ones; \`masg login${name === DEFAULT_PROFILE ? '' : ` --profile ${name}`}\` creates it.`,
  });
}

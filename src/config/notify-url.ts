// `masg pulse --notify`'s webhook URL: a secret like the developer key. Where it comes from follows
// masg's one precedence (settings.ts): the flag, then MASG_NOTIFY_URL, then the profile (saved by
// `masg notify-url set`, in the keyring when there is one). No message ever quotes it.
import { ConfigError, UsageError } from '../core/errors.js';
import type { Env } from './settings.js';
import type { ProfileStore } from './store.js';

export type NotifyUrlSource = 'flag' | 'env' | 'profile';

export interface NotifyUrl {
  url: string;
  source: NotifyUrlSource;
}

/** The URL checked (http or https); the error names `field` and never the URL, not even a part of it. */
export function checkNotifyUrl(value: string, field: string): string {
  const url = value.trim();
  if (url === '') throw new UsageError(`${field}: the webhook URL is empty.`, { field });
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new UsageError(`${field}: the webhook is not an http:// or https:// URL.`, { field });
  }
  return url;
}

/**
 * The flag's URL, else MASG_NOTIFY_URL's, else the profile's (none without `profile`, as under
 * --sandbox); undefined when none is set. The store is opened, and the keyring asked, only when
 * the profile's URL is the one used.
 */
export async function resolveNotifyUrl(input: {
  flag?: string;
  env: Env;
  profile?: { name: string; store: () => Promise<ProfileStore> };
}): Promise<NotifyUrl | undefined> {
  if (input.flag !== undefined) return { url: checkNotifyUrl(input.flag, '--notify'), source: 'flag' };
  const fromEnv = input.env.MASG_NOTIFY_URL;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { url: checkNotifyUrl(fromEnv, 'MASG_NOTIFY_URL'), source: 'env' };
  if (input.profile === undefined) return undefined;
  const { name } = input.profile;
  const stored = await (await input.profile.store()).readNotifyUrl(name);
  if (stored === undefined || stored === '') return undefined;
  try {
    return { url: checkNotifyUrl(stored, `The webhook URL of profile "${name}"`), source: 'profile' };
  } catch (err) {
    // A hand-edited file: the configuration is wrong, not the command line.
    throw new ConfigError((err as Error).message, {
      hint: `Save it again with \`masg${name === 'default' ? '' : ` --profile ${name}`} notify-url set\`.`,
    });
  }
}

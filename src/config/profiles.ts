// `masg profiles`, built from ProfileStore.list(), which carries no key and no webhook URL, so no output can print one.
import type { ProfileStore } from './store.js';

export interface ProfileRow {
  /** "true" for the profile a command run now would use (--profile, MASG_PROFILE or "default"). */
  active: string;
  name: string;
  email: string;
  baseUrl: string;
  /** The zone a command would use with this profile (MASG_TIMEZONE for the active one); empty when unknown. */
  timezone: string;
  timezoneSource: 'env' | 'profile' | 'none';
  keyLocation: string;
  /** Where the webhook of `masg pulse --notify` is saved ('none' without one), never the URL. */
  notifyUrl: 'system keyring' | 'config file' | 'none';
}

const NOTIFY_URL_IN = { keyring: 'system keyring', file: 'config file', none: 'none' } as const;

export async function listProfiles(store: ProfileStore, active: string, envZone?: string): Promise<ProfileRow[]> {
  const summaries = await store.list();
  const zone = (p: { name: string; timezone?: string }): Pick<ProfileRow, 'timezone' | 'timezoneSource'> =>
    p.name === active && envZone !== undefined
      ? { timezone: envZone, timezoneSource: 'env' }
      : p.timezone
        ? { timezone: p.timezone, timezoneSource: 'profile' }
        : { timezone: '', timezoneSource: 'none' };
  return summaries
    .map((p) => ({
      active: String(p.name === active),
      name: p.name,
      email: p.email,
      baseUrl: p.baseUrl ?? '',
      ...zone(p),
      keyLocation: p.hasKey ? store.keyLocation(p.name) : 'none',
      notifyUrl: NOTIFY_URL_IN[p.notifyUrlIn],
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

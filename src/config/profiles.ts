// `masg profiles`: every saved profile, which one a command would use, and where each key lives.
// Built from ProfileStore.list(), which carries no key at all, so no output can print one.
import type { ProfileStore } from './store.js';

export interface ProfileRow {
  /** "true" for the profile a command run now would use (--profile, MASG_PROFILE or "default"). */
  active: string;
  name: string;
  email: string;
  baseUrl: string;
  /** The profile's zone; empty when it has none (statistics then use this machine's). */
  timezone: string;
  /** Where the key lives, in words ("system keyring …", "config file …"), or "none". */
  keyLocation: string;
}

export async function listProfiles(store: ProfileStore, active: string): Promise<ProfileRow[]> {
  const summaries = await store.list();
  return summaries
    .map((p) => ({
      active: String(p.name === active),
      name: p.name,
      email: p.email,
      baseUrl: p.baseUrl ?? '',
      timezone: p.timezone ?? '',
      keyLocation: p.hasKey ? store.keyLocation(p.name) : 'none',
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// `masg logout`: forget a profile, key included. Logging out of a profile that is not there is
// not an error (exit 0): the state the user asked for is already true; the result says so.
import type { Env } from '../../config/settings.js';
import type { ProfileStore } from '../../config/store.js';
import { checkProfileName } from '../../config/checks.js';

export interface LogoutResult {
  profile: string;
  removed: boolean;
  /** The e-mail of the removed profile ('' when nothing was removed). */
  email: string;
  path: string;
  /** Things the user should know: nothing to remove, or env credentials still in effect. */
  notices: string[];
}

export async function logout(opts: { profile: string }, deps: { store: ProfileStore; env?: Env }): Promise<LogoutResult> {
  const profile = checkProfileName(opts.profile);
  const removed = await deps.store.delete(profile);
  const notices: string[] = [];
  if (removed === undefined) notices.push(`No profile named "${profile}" in ${deps.store.path}; nothing to remove.`);
  notices.push(...(deps.store.drainNotices?.() ?? []));
  // Logging out while the environment still carries a key would look like it did nothing.
  if (deps.env?.MASG_DEVELOPER_KEY) {
    notices.push('MASG_DEVELOPER_KEY is still set in the environment: masg keeps using it until it is unset.');
  }
  return { profile, removed: removed !== undefined, email: removed?.email ?? '', path: deps.store.path, notices };
}

// Which profiles to run: every saved one (what `--all-profiles` will mean), or a comma-separated
// list (`--profile a,b,c`, `MASG_PROFILE=a,b,c`), checked so a typo is an error, not a lost account.
import type { ProfileOptions } from './profile.js';
import { openStore } from '../config/conf-store.js';
import { defaultConfigDir } from '../config/store.js';

/** The names of the saved profiles, sorted; never a key. */
export async function profileNames(opts: ProfileOptions = {}): Promise<string[]> {
  const env = opts.env ?? process.env;
  const store = await openStore(opts.configDir ?? defaultConfigDir({ env }), { env });
  return (await store.list()).map((p) => p.name);
}

export { splitProfileList } from '../config/account-list.js';

// Which profiles to run: every saved one (what `--all-profiles` will mean), or a comma-separated
// list (`--profile a,b,c`, `MASG_PROFILE=a,b,c`), checked so a typo is an error, not a lost account.
import { UsageError } from '../core/errors.js';
import type { ProfileOptions } from './profile.js';

/** The names of the saved profiles, sorted; never a key. */
export async function profileNames(opts: ProfileOptions = {}): Promise<string[]> {
  const env = opts.env ?? process.env;
  const [{ openStore }, { defaultConfigDir }] = await Promise.all([import('../config/conf-store.js'), import('../config/store.js')]);
  const store = await openStore(opts.configDir ?? defaultConfigDir({ env }), { env });
  return (await store.list()).map((p) => p.name);
}

/** "a, b,c" → ['a', 'b', 'c']; an empty item or a name given twice is a UsageError naming `field`. */
export function splitProfileList(value: string, field = '--profile'): string[] {
  const names = value.split(',').map((s) => s.trim());
  if (names.some((n) => n === ''))
    throw new UsageError(`${field}: "${value}" has an empty profile name; separate names with single commas.`, { field });
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new UsageError(`${field}: profile "${twice}" is listed twice.`, { field });
  return names;
}

// Which accounts a command runs over. One profile (`--profile a`, MASG_PROFILE=a, the active one)
// is the single-account path, unchanged byte for byte. A list (`--profile a,b`, MASG_PROFILE=a,b)
// or `--all-profiles` is several: only reads accept it (CommandDef.accounts); anything that
// changes the service is one account at a time and refuses a list before sending (exit 2).
import { ConfigError, UsageError } from '../core/errors.js';
import { checkProfileName } from './checks.js';
import { openStore } from './conf-store.js';

export interface AccountFlags {
  profile?: string;
  allProfiles?: boolean;
  sandbox?: boolean;
}

/** Where the list came from, for messages: the flag or variable the user typed. */
export interface AccountList {
  names: string[];
  source: '--profile' | 'MASG_PROFILE' | '--all-profiles';
}

/** undefined for one account (the path every command always had); the profile names otherwise. */
export async function accountList(
  flags: AccountFlags,
  env: Record<string, string | undefined>,
  configDir: string,
): Promise<AccountList | undefined> {
  const listed = listedProfiles(flags, env);
  if (listed === undefined) return undefined;
  if (flags.sandbox) {
    throw new UsageError(`--sandbox serves one demo account; ${listed} names several.`, {
      field: listed,
      hint: 'Run `masg sandbox --accounts 3` and log in a profile per account to try several (docs/accounts.md).',
    });
  }
  if (listed === '--all-profiles') return { names: await savedProfiles(configDir, env), source: listed };
  const value = listed === '--profile' ? flags.profile! : env.MASG_PROFILE!.trim();
  const names = splitProfileList(value, listed).map((name) => checkProfileName(name, listed));
  return { names, source: listed };
}

/** Which flag or variable asks for several accounts, if any; `--all-profiles` beside a --profile is refused. */
export function listedProfiles(flags: AccountFlags, env: Record<string, string | undefined>): AccountList['source'] | undefined {
  if (flags.allProfiles) {
    if (flags.profile !== undefined) {
      throw new UsageError('--all-profiles runs every saved profile; --profile names some. Give one of them.', {
        field: '--all-profiles',
      });
    }
    return '--all-profiles';
  }
  if (flags.profile !== undefined) return flags.profile.includes(',') ? '--profile' : undefined;
  return (env.MASG_PROFILE ?? '').includes(',') ? 'MASG_PROFILE' : undefined;
}

async function savedProfiles(configDir: string, env: Record<string, string | undefined>): Promise<string[]> {
  const names = (await (await openStore(configDir, { env })).list()).map((p) => p.name);
  if (names.length === 0) {
    throw new ConfigError('--all-profiles: there are no saved profiles.', {
      hint: 'Save one per account with `masg login --profile NAME`.',
    });
  }
  return names;
}

/**
 * A command that changes things, or shows one record, runs in one account: a list is exit 2, nothing
 * sent, and no profile read (a missing one must not hide that the command takes one account).
 */
export function refuseAccountList(command: string, flags: AccountFlags, env: Record<string, string | undefined>): void {
  const source = listedProfiles(flags, env);
  if (source === undefined) return;
  const value = source === '--profile' ? flags.profile! : source === 'MASG_PROFILE' ? env.MASG_PROFILE!.trim() : undefined;
  const names = value === undefined ? 'every saved profile' : `${value.split(',').length}: ${value}`;
  const example = value === undefined ? 'NAME' : value.split(',')[0].trim();
  throw new UsageError(`masg ${command} works in one account at a time; ${source} names ${names}.`, {
    field: source,
    hint: `Run it once per account, e.g. \`masg ${command} --profile ${example} …\`.`,
  });
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

// THE precedence of masg: flag > environment > profile > default, decided here and nowhere else.
import { ConfigError, UsageError } from '../core/errors.js';
import { checkBaseUrl } from './base-url.js';
import { checkEmail, checkProfileName, checkTimezone } from './checks.js';
import { savedActiveProfile } from './active-profile.js';
import { DEFAULT_PROFILE, type Profile, type ProfileStore } from './store.js';

export type Env = Record<string, string | undefined>;

/** The running embedded sandbox: its URL and demo account (`{ url: sb.url, ...sb.demo }`). */
export interface SandboxAccount {
  url: string;
  email: string;
  key: string;
  /** The demo account's zone: its hours are what `today` and `yesterday` mean. */
  timezone?: string;
}

export interface SettingsFlags {
  profile?: string;
  baseUrl?: string;
  sandbox?: SandboxAccount;
}

export type ProfileSource = 'flag' | 'env' | 'active' | 'default' | 'sandbox';
export type KeySource = 'env' | 'profile' | 'sandbox' | 'none';
export type EmailSource = KeySource;
export type BaseUrlSource = 'flag' | 'env' | 'profile' | 'sandbox' | 'none';
/** `none`: the zone is unknown, and whatever needs the account's calendar is refused. */
export type TimezoneSource = 'env' | 'profile' | 'sandbox' | 'none';

export interface Settings {
  profile: string;
  profileSource: ProfileSource;
  email: string;
  emailSource: EmailSource;
  key: string;
  keySource: KeySource;
  keyLocation: string;
  baseUrl: string;
  baseUrlSource: BaseUrlSource;
  /** The account's zone (MASG_TIMEZONE, else the profile's); absent when unknown: never the host's. */
  timezone?: string;
  timezoneSource: TimezoneSource;
  warnings: string[];
}

/** The profile name alone (login, logout). An empty MASG_PROFILE is unset: CI templates often export empty variables. */
/** --profile, else MASG_PROFILE, else the one `masg switch` saved in `configFile` (when given), else "default". */
export function resolveProfileName(
  flags: { profile?: string },
  env: Env,
  configFile?: string,
): { name: string; source: 'flag' | 'env' | 'active' | 'default' } {
  if (flags.profile !== undefined) return { name: checkProfileName(flags.profile, '--profile'), source: 'flag' };
  const fromEnv = nonEmpty(env.MASG_PROFILE);
  if (fromEnv !== undefined) return { name: checkProfileName(fromEnv, 'MASG_PROFILE'), source: 'env' };
  const active = configFile === undefined ? undefined : savedActiveProfile(configFile);
  if (active !== undefined) return { name: active, source: 'active' };
  return { name: DEFAULT_PROFILE, source: 'default' };
}

/** Credentials and base URL: ConfigError (exit 3) when missing, UsageError (exit 2) when wrong; `partial` (whoami) reports what is known. */
export async function resolveSettings(input: {
  flags: SettingsFlags;
  env: Env;
  store: ProfileStore;
  partial?: boolean;
}): Promise<Settings> {
  const { flags, env, store } = input;
  if (flags.sandbox) return sandboxSettings(flags);

  const { name: profile, source: profileSource } = resolveProfileName(flags, env, store.path);
  const stored = await store.get(profile);
  // A named profile that does not exist is a typo or a missing login, never "use the defaults".
  if (stored === undefined && profileSource !== 'default') {
    throw new ConfigError(`There is no profile named "${profile}" (in ${store.path}).`, {
      hint: `Run \`masg login --profile ${profile}\`, or check ${profileSource === 'flag' ? '--profile' : 'MASG_PROFILE'}.`,
    });
  }

  const envEmail = nonEmpty(env.MASG_EMAIL);
  const envKey = nonEmpty(env.MASG_DEVELOPER_KEY);
  const email = envEmail !== undefined ? checkEmail(envEmail, 'MASG_EMAIL') : stored?.email;
  const emailSource: EmailSource = envEmail !== undefined ? 'env' : stored?.email ? 'profile' : 'none';

  // An env key with the profile's e-mail is fine (rotating a key in CI), but a stored key belongs to the e-mail it was
  // verified with: with another MASG_EMAIL it is reported missing, not sent to be rejected as bad credentials.
  const hasStoredKey = Boolean(stored?.key || stored?.keyring);
  const storedKeyFits = hasStoredKey && (envEmail === undefined || sameEmail(envEmail, stored!.email));
  // The keyring is asked only when its key is used: cron with MASG_DEVELOPER_KEY never waits on it.
  const problems: string[] = [];
  const key = envKey ?? (storedKeyFits ? await keyOf(store, profile, stored!, input.partial ? problems : undefined) : undefined);
  const keySource: KeySource = envKey !== undefined ? 'env' : key !== undefined ? 'profile' : 'none';

  const base = pickBaseUrl(flags, env, profile, stored);
  const zone = pickTimezone(env, profile, stored);

  const missing = [!email && 'e-mail', !key && 'developer key', !base && 'base URL'].filter((m): m is string => !!m);
  if (missing.length > 0 && !input.partial) {
    throw missingError(missing, profile, profileSource, stored, envEmail, hasStoredKey && !storedKeyFits);
  }

  return {
    profile,
    profileSource,
    email: email ?? '',
    emailSource,
    key: key ?? '',
    keySource,
    keyLocation:
      keySource === 'env' ? 'environment variable MASG_DEVELOPER_KEY' : keySource === 'profile' ? store.keyLocation(profile) : '',
    baseUrl: base?.url ?? '',
    baseUrlSource: base?.source ?? 'none',
    ...(zone !== undefined && { timezone: zone.zone }),
    timezoneSource: zone?.source ?? 'none',
    warnings: [...(keySource === 'profile' ? [await store.checkPermissions()] : []), ...problems].filter((w): w is string => !!w),
  };
}

/** The stored key: in the profile, or in the keyring. `problems` (whoami) collects instead of throwing. */
async function keyOf(store: ProfileStore, name: string, stored: Profile, problems?: string[]): Promise<string | undefined> {
  if (!stored.keyring) return stored.key;
  if (!store.readKey) {
    problems?.push(
      `The key of profile "${name}" is in the system keyring, which masg does not use here (MASG_KEYRING=0, or not Linux): run \`masg login\` to store it again.`,
    );
    return undefined;
  }
  try {
    const key = await store.readKey(name);
    if (key === undefined)
      problems?.push(`Profile "${name}" says its key is in the system keyring, but the keyring has none: run \`masg login\` again.`);
    return key;
  } catch (err) {
    if (problems === undefined) throw err;
    problems.push((err as Error).message);
    return undefined;
  }
}

function baseUrlOverride(flags: { baseUrl?: string }, env: Env): { url: string; source: 'flag' | 'env' } | undefined {
  if (flags.baseUrl !== undefined) return { url: checkBaseUrl(flags.baseUrl, '--base-url'), source: 'flag' };
  const fromEnv = nonEmpty(env.MASG_BASE_URL);
  if (fromEnv !== undefined) return { url: checkBaseUrl(fromEnv, 'MASG_BASE_URL'), source: 'env' };
  return undefined;
}

/** The base URL and e-mail that flags and environment impose over any profile ('' when none): Tab's ID cache keys on them. */
export function accountOverrides(flags: { baseUrl?: string }, env: Env): [baseUrl: string, email: string] {
  return [baseUrlOverride(flags, env)?.url ?? '', nonEmpty(env.MASG_EMAIL) ?? ''];
}

/** MASG_TIMEZONE over the profile's; a stored zone is re-checked, as the file may be hand-edited: wrong is an error, not a guess. */
function pickTimezone(env: Env, profile: string, stored: Profile | undefined): { zone: string; source: 'env' | 'profile' } | undefined {
  const fromEnv = nonEmpty(env.MASG_TIMEZONE);
  if (fromEnv !== undefined) return { zone: checkTimezone(fromEnv, 'MASG_TIMEZONE'), source: 'env' };
  if (stored?.timezone === undefined || stored.timezone === '') return undefined;
  try {
    return { zone: checkTimezone(stored.timezone, `timezone of profile "${profile}"`), source: 'profile' };
  } catch (err) {
    throw new ConfigError((err as Error).message, {
      hint: `Pass --tz <zone> for this run, or fix the profile with \`masg login${profile === DEFAULT_PROFILE ? '' : ` --profile ${profile}`} --timezone ZONE\`.`,
    });
  }
}

function pickBaseUrl(
  flags: SettingsFlags,
  env: Env,
  profile: string,
  stored: Profile | undefined,
): { url: string; source: BaseUrlSource } | undefined {
  const override = baseUrlOverride(flags, env);
  if (override !== undefined) return override;
  if (stored?.baseUrl) return { url: checkBaseUrl(stored.baseUrl, `baseUrl of profile "${profile}"`), source: 'profile' };
  // No default: there is no public production URL to fall back on.
  return undefined;
}

/** `--sandbox` beats every variable and profile; combined with --base-url or --profile it is a contradiction. */
function sandboxSettings(flags: SettingsFlags): Settings {
  for (const [flag, given] of [
    ['--base-url', flags.baseUrl],
    ['--profile', flags.profile],
  ] as const) {
    if (given !== undefined) {
      throw new UsageError(`--sandbox cannot be combined with ${flag}: the sandbox has its own URL and demo account.`, { field: flag });
    }
  }
  const sb = flags.sandbox!;
  return {
    profile: 'sandbox',
    profileSource: 'sandbox',
    email: sb.email,
    emailSource: 'sandbox',
    key: sb.key,
    keySource: 'sandbox',
    keyLocation: 'the embedded sandbox (demo account)',
    baseUrl: sb.url,
    baseUrlSource: 'sandbox',
    ...(sb.timezone !== undefined && { timezone: sb.timezone }),
    timezoneSource: sb.timezone !== undefined ? 'sandbox' : 'none',
    warnings: [],
  };
}

function missingError(
  missing: string[],
  profile: string,
  profileSource: ProfileSource,
  stored: Profile | undefined,
  envEmail: string | undefined,
  keyWithheld: boolean,
): ConfigError {
  const login = profileSource === 'default' ? '`masg login`' : `\`masg login --profile ${profile}\``;
  const lines: string[] = [];
  if (keyWithheld) {
    lines.push(
      `MASG_EMAIL (${envEmail}) differs from the e-mail of profile "${profile}" (${stored!.email}), ` +
        `so the profile's key is not used with it: set MASG_DEVELOPER_KEY too, or unset MASG_EMAIL.`,
    );
  }
  if (missing.includes('e-mail') || missing.includes('developer key')) {
    lines.push(`Run ${login} to store an e-mail and developer key, or for cron and CI set MASG_EMAIL and MASG_DEVELOPER_KEY.`);
  }
  if (missing.includes('base URL')) {
    lines.push(`Pass --base-url <url>, set MASG_BASE_URL, or store one with ${login}. (Or try --sandbox.)`);
  }
  const what = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  const where = stored === undefined ? `no profile "${profile}" is stored and the environment does not provide it` : `profile "${profile}"`;
  return new ConfigError(`No ${what} configured (${where}).`, { hint: lines.join('\n') });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Case-insensitive: a wrong "same" only means the key is tried and rejected, a wrong "different" a puzzling missing-key error. */
function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

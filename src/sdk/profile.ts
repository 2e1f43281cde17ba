// Client options from a saved profile (`masg login`), with the CLI's precedence: MASG_EMAIL,
// MASG_DEVELOPER_KEY, MASG_BASE_URL and MASG_TIMEZONE over the profile's values, MASG_PROFILE when
// no name is given. resolveSettings (src/config/settings.ts) decides all of it, for the CLI and the SDK alike.
import type { ClientOptions } from './types.js';

export interface ProfileOptions {
  /** Defaults to process.env: the one place the SDK reads the environment, and only when asked. */
  env?: Record<string, string | undefined>;
  /** Defaults to MASG_CONFIG_DIR, else the XDG config folder (…/masg), as the CLI. */
  configDir?: string;
}

/** What fromProfile resolved: createClient's options plus where they came from. */
export interface ProfileClientOptions extends ClientOptions {
  /** The profile used ("default" when neither a name nor MASG_PROFILE was given). */
  profile: string;
  /**
   * Where `timeZone` came from: MASG_TIMEZONE, the profile, or `none` (unknown: relative dates
   * are then refused with ConfigError, exit 3, as in the CLI; the host's zone is never used).
   */
  timeZoneSource: 'env' | 'profile' | 'none';
  /** What the CLI would print on stderr (e.g. a config file readable by others); the SDK prints nothing. */
  warnings: string[];
}

/**
 * Resolve credentials like `masg --profile NAME` would. Rejects with ConfigError when something
 * is missing (a named profile that does not exist, no key anywhere) and UsageError when a value
 * is malformed (a bad MASG_BASE_URL).
 */
export async function fromProfile(name?: string, opts: ProfileOptions = {}): Promise<ProfileClientOptions> {
  const env = opts.env ?? process.env;
  const [{ openStore }, { defaultConfigDir }, { resolveSettings }] = await Promise.all([
    import('../config/conf-store.js'),
    import('../config/store.js'),
    import('../config/settings.js'),
  ]);
  const store = await openStore(opts.configDir ?? defaultConfigDir({ env }), { env });
  const s = await resolveSettings({ flags: { profile: name }, env, store });
  return {
    baseUrl: s.baseUrl,
    email: s.email,
    key: s.key,
    ...(s.timezone !== undefined && { timeZone: s.timezone }),
    timeZoneSource: s.timezoneSource === 'sandbox' ? 'none' : s.timezoneSource,
    profile: s.profile,
    warnings: s.warnings,
  };
}

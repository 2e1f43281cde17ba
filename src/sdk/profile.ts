// Client options from a saved profile, with the CLI's precedence (resolveSettings decides for both).
import type { ClientOptions } from './types.js';
import { openStore } from '../config/conf-store.js';
import { defaultConfigDir } from '../config/store.js';
import { resolveSettings } from '../config/settings.js';

export interface ProfileOptions {
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Defaults to MASG_CONFIG_DIR, else the XDG config folder, as the CLI. */
  configDir?: string;
}

export interface ProfileClientOptions extends ClientOptions {
  profile: string;
  /** `none`: relative dates are refused; the host's zone is never used. */
  timeZoneSource: 'env' | 'profile' | 'none';
  /** What the CLI would print on stderr (e.g. a config file readable by others). */
  warnings: string[];
}

/** Credentials as `masg --profile NAME` resolves them; ConfigError when something is missing. */
export async function fromProfile(name?: string, opts: ProfileOptions = {}): Promise<ProfileClientOptions> {
  const env = opts.env ?? process.env;
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

// `masg whoami`: who masg would act as, and where each part comes from. The key is masked here,
// before it reaches any renderer, so no output format can print it.
import { ConfigError } from '../../core/errors.js';
import type { Settings } from '../../config/settings.js';

export interface WhoamiResult {
  profile: string;
  email: string;
  baseUrl: string;
  baseUrlSource: string;
  keySource: string;
  keyLocation: string;
  /** Masked: never more than the last 4 characters. */
  key: string;
  /** The account's zone (today, yesterday, a sync's days): '' when unknown, never this machine's. */
  timezone: string;
  timezoneSource: Settings['timezoneSource'];
}

/** Said when the zone is unknown: what is refused, and the three ways to set it. */
export const ZONE_UNKNOWN =
  "The account's time zone is not known: today, yesterday, -Nd, a report without a date and masg sync are refused until it is. " +
  'Pass --tz <zone>, set MASG_TIMEZONE, or save it with `masg login --timezone ZONE`.';

export function whoami(settings: Settings): WhoamiResult {
  if (settings.keySource === 'none' && settings.emailSource === 'none') {
    throw new ConfigError(`Not logged in (profile "${settings.profile}").`, {
      hint: 'Run `masg login`, or set MASG_EMAIL and MASG_DEVELOPER_KEY.',
    });
  }
  return {
    profile: settings.profile,
    email: settings.email,
    baseUrl: settings.baseUrl,
    baseUrlSource: settings.baseUrlSource,
    keySource: settings.keySource,
    keyLocation: settings.keyLocation,
    key: maskKey(settings.key),
    timezone: settings.timezone ?? '',
    timezoneSource: settings.timezoneSource,
  };
}

const DOTS = '••••••••';

/**
 * A fixed run of dots (so the length is not revealed) plus the last 4 characters, which is
 * enough to tell two keys apart. Keys under 12 characters show no characters at all: 4 of 8
 * would be half the secret.
 */
export function maskKey(key: string): string {
  if (key === '') return '';
  const chars = Array.from(key);
  return chars.length < 12 ? DOTS : DOTS + chars.slice(-4).join('');
}

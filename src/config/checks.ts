// Checks for the small values login and the environment supply. Each names the field at fault
// (flag or variable) because the same value can come from several places.
import { UsageError } from '../core/errors.js';
import { isValidTimeZone } from '../stats/zone.js';

// Names become JSON keys and appear in messages and paths (sandbox state): keep them plain. The
// leading alphanumeric also rules out `__proto__` and conf's reserved `__internal__`.
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkProfileName(name: string, field = '--profile'): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(
      `${field} must be 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit: ${JSON.stringify(name)}.`,
      { field },
    );
  }
  return name;
}

/**
 * Only what Basic auth needs, not RFC 5322: something@something, no whitespace, and no ':'
 * (the header is base64 of `email:key`, so a colon in the e-mail would shift the split).
 */
export function checkEmail(email: string, field = '--email'): string {
  const value = email.trim();
  if (!/^[^\s@:]+@[^\s@:]+$/.test(value)) {
    throw new UsageError(`${field} is not an e-mail address: ${JSON.stringify(email)}.`, { field });
  }
  return value;
}

/** An IANA zone name Intl knows (the statistics code converts hours with it). */
export function checkTimezone(zone: string, field = '--timezone'): string {
  // The same rule as --tz (src/stats/zone.ts): an IANA name; a bare UTC offset is refused on every Node.
  if (!isValidTimeZone(zone.trim())) {
    throw new UsageError(`${field} is not a known IANA time zone: ${JSON.stringify(zone)}.`, {
      field,
      hint: 'Use a name such as Europe/Berlin or UTC.',
    });
  }
  return zone.trim();
}

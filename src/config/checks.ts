import { UsageError } from '../core/errors.js';
import { isValidTimeZone } from '../time/zone.js';

// Names become JSON keys, messages and paths: keep them plain (a leading alphanumeric also rules out `__proto__`).
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

/** Only what Basic auth needs: something@something, no whitespace, no ':' (it would shift the `email:key` split). */
export function checkEmail(email: string, field = '--email'): string {
  const value = email.trim();
  if (!/^[^\s@:]+@[^\s@:]+$/.test(value)) {
    throw new UsageError(`${field} is not an e-mail address: ${JSON.stringify(email)}.`, { field });
  }
  return value;
}

export function checkTimezone(zone: string, field = '--timezone'): string {
  if (!isValidTimeZone(zone.trim())) {
    throw new UsageError(`${field} is not a known IANA time zone: ${JSON.stringify(zone)}.`, {
      field,
      hint: 'Use a name such as Europe/Berlin or UTC.',
    });
  }
  return zone.trim();
}

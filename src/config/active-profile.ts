// The profile commands use when neither --profile nor MASG_PROFILE names one: `masg switch NAME`
// saves it in config.json beside the profiles (`"active"`), under the file's lock. Read on every
// command, so it is a plain synchronous read; a name whose profile is gone counts as unset.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from '../core/file-lock.js';

export function configFile(configDir: string): string {
  return join(configDir, 'config.json');
}

/** The saved active profile, when it still exists; undefined otherwise (the default is used). */
export function savedActiveProfile(file: string): string | undefined {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { active?: unknown; profiles?: Record<string, unknown> };
    const name = data.active;
    return typeof name === 'string' && data.profiles && Object.hasOwn(data.profiles, name) ? name : undefined;
  } catch {
    // No file yet, or a corrupt one: the profile store reports the latter when it is opened.
    return undefined;
  }
}

/** Saves NAME as the active profile; false when there is no such profile (nothing written). */
export async function saveActiveProfile(file: string, name: string): Promise<boolean> {
  return withFileLock(file, async (locked) => {
    const text = await locked.read();
    const data = (text === undefined ? {} : JSON.parse(text)) as { active?: string; profiles?: Record<string, unknown> };
    if (!data.profiles || !Object.hasOwn(data.profiles, name)) return false;
    if (data.active !== name) await locked.write(`${JSON.stringify({ ...data, active: name }, undefined, '\t')}\n`, { mode: 0o600 });
    return true;
  });
}

/**
 * After a login: NAME becomes the active profile when nothing else would be used (no active
 * profile saved, no "default" profile), so a first `masg login --profile acme` works at once.
 * Under the file's lock, so of two first logins at once only one is adopted. 'adopted' when it
 * was made active, 'used' when it already is the one commands use, 'other' when another is.
 */
export async function adoptFirstProfile(file: string, name: string): Promise<'adopted' | 'used' | 'other'> {
  return withFileLock(file, async (locked) => {
    const text = await locked.read();
    const data = (text === undefined ? {} : JSON.parse(text)) as { active?: unknown; profiles?: Record<string, unknown> };
    const profiles = data.profiles ?? {};
    const active = typeof data.active === 'string' && Object.hasOwn(profiles, data.active) ? data.active : undefined;
    const used = active ?? 'default';
    if (used === name) return 'used';
    if (active !== undefined || Object.hasOwn(profiles, 'default') || !Object.hasOwn(profiles, name)) return 'other';
    await locked.write(`${JSON.stringify({ ...data, active: name }, undefined, '\t')}\n`, { mode: 0o600 });
    return 'adopted';
  });
}

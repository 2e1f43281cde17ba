// The profile commands use when neither --profile nor MASG_PROFILE names one: `masg switch NAME`
// saves it in config.json beside the profiles (`"active"`), under the file's lock. Read on every
// command, so it is a plain synchronous read; a name whose profile is gone counts as unset.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from '../core/file-lock.js';

export function configFile(configDir: string): string {
  return join(configDir, 'config.json');
}

interface ConfigData {
  active?: unknown;
  profiles?: Record<string, unknown>;
}

/** The file's active profile, when that profile still exists. */
function activeOf(data: ConfigData): string | undefined {
  const name = data.active;
  return typeof name === 'string' && data.profiles && Object.hasOwn(data.profiles, name) ? name : undefined;
}

/** The saved active profile, when it still exists; undefined otherwise (the default is used). */
export function savedActiveProfile(file: string): string | undefined {
  try {
    return activeOf(JSON.parse(readFileSync(file, 'utf8')) as ConfigData);
  } catch {
    // No file yet, or a corrupt one: the profile store reports the latter when it is opened.
    return undefined;
  }
}

/**
 * Under the file's lock: `choose` sees the saved data and the active profile, and names the one
 * to make active (written only when it differs), or undefined to write nothing.
 */
function changeActive<R>(file: string, choose: (data: ConfigData, active: string | undefined) => { name?: string; result: R }): Promise<R> {
  return withFileLock(file, async (locked) => {
    const text = await locked.read();
    const data = (text === undefined ? {} : JSON.parse(text)) as ConfigData;
    const { name, result } = choose(data, activeOf(data));
    if (name !== undefined && data.active !== name)
      await locked.write(`${JSON.stringify({ ...data, active: name }, undefined, '\t')}\n`, { mode: 0o600 });
    return result;
  });
}

const has = (data: ConfigData, name: string) => data.profiles !== undefined && Object.hasOwn(data.profiles, name);

/** Saves NAME as the active profile; false when there is no such profile (nothing written). */
export function saveActiveProfile(file: string, name: string): Promise<boolean> {
  return changeActive(file, (data) => (has(data, name) ? { name, result: true } : { result: false }));
}

/**
 * After a login: NAME becomes the active profile when nothing else would be used (no active
 * profile saved, no "default" profile), so a first `masg login --profile acme` works at once.
 * Under the file's lock, so of two first logins at once only one is adopted. 'adopted' when it
 * was made active, 'used' when it already is the one commands use, 'other' when another is.
 */
export function adoptFirstProfile(file: string, name: string): Promise<'adopted' | 'used' | 'other'> {
  return changeActive(file, (data, active) => {
    if ((active ?? 'default') === name) return { result: 'used' as const };
    if (active !== undefined || has(data, 'default') || !has(data, name)) return { result: 'other' as const };
    return { name, result: 'adopted' as const };
  });
}

// Folders that hold keys or business data (the config folder, the sandbox's state beside it) are
// private to their user: created 0700, whoever creates them first (login, a --sandbox run).
import { chmod, mkdir, stat } from 'node:fs/promises';
import { ConfigError } from '../core/errors.js';

/**
 * Create `dir` (and missing parents) with 0700, not the default 0755 under a usual umask, so the
 * file names are not listable either. An existing folder is left as it is here: tightenDir()
 * closes it once a key is written into it.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  try {
    const created = await mkdir(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is filtered by the umask; chmod states the intent regardless of it.
    if (created !== undefined) await chmod(dir, 0o700);
  } catch (error) {
    throw new ConfigError(`Cannot create the config directory ${dir}: ${(error as Error).message}`, {
      cause: error,
      hint: 'Set MASG_CONFIG_DIR to a writable directory.',
    });
  }
}

/** Removes group and other access from an existing folder (a key is about to be written into it). */
export async function tightenDir(dir: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  // Windows has no POSIX mode bits; the folder inherits the user profile's ACL there.
  if (platform === 'win32') return;
  try {
    const mode = (await stat(dir)).mode & 0o777;
    if ((mode & 0o077) !== 0) await chmod(dir, mode & 0o700);
  } catch (error) {
    throw new ConfigError(`Cannot make the config directory ${dir} private: ${(error as Error).message}`, {
      cause: error,
      hint: `Run chmod 700 '${dir}', or set MASG_CONFIG_DIR to a folder of your own.`,
    });
  }
}

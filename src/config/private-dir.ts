// Folders holding keys or business data are private to their user: created 0700 by whoever comes first (login, --sandbox).
import { chmod, mkdir, stat } from 'node:fs/promises';
import { ConfigError } from '../core/errors.js';

/** Create `dir` with 0700 (not 0755) so file names are not listable either; an existing folder is left to tightenDir(). */
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

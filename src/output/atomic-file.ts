// `--out FILE` for exports that cron trusts: the data goes to a temporary file in the same folder
// (same filesystem, so the final rename is atomic), is fsynced, and only then replaces FILE. A run
// that fails or is interrupted removes its temporary file and leaves any earlier FILE untouched.
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';

export interface AtomicFile {
  readonly stream: Writable;
  readonly tempPath: string;
  /** Flush, fsync and rename over the target. */
  commit(): Promise<void>;
  /** Discard everything written; safe to call more than once or after commit. */
  abort(): Promise<void>;
}

export async function openAtomicFile(path: string, field = '--out'): Promise<AtomicFile> {
  const dir = dirname(path);
  await checkDirectory(dir, field);
  await checkNotFolder(path, field);
  // Dot-prefixed so globbing consumers (e.g. `*.csv` loaders) never pick up a half-written file.
  const tempPath = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  // `flush`: the descriptor is fsynced before it closes, so the rename never exposes a file
  // whose data is still only in the page cache. `wx`: never reuse someone else's file.
  const stream = createWriteStream(tempPath, { flags: 'wx', mode: await targetMode(path), flush: true });
  const closed = new Promise<void>((resolve, reject) => {
    stream.once('close', resolve);
    stream.once('error', reject);
  });
  closed.catch(() => undefined);
  let settled = false;

  return {
    stream,
    tempPath,
    async commit() {
      if (settled) return;
      settled = true;
      try {
        stream.end();
        await closed;
        await fs.rename(tempPath, path);
      } catch (err) {
        stream.destroy();
        await fs.rm(tempPath, { force: true });
        throw err;
      }
      await syncDirectory(dir);
    },
    async abort() {
      if (settled) return;
      settled = true;
      stream.destroy();
      await closed.catch(() => undefined);
      await fs.rm(tempPath, { force: true });
    },
  };
}

async function checkDirectory(dir: string, field: string): Promise<void> {
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`${field}: the folder ${dir} does not exist`, { field });
}

/**
 * FILE itself must not be a folder: the rename at the end would fail (EISDIR) after all the work,
 * for --results after the changes were sent. Exported for the checks made before sending.
 */
export async function checkNotFolder(path: string, field: string): Promise<void> {
  const stat = await fs.stat(path).catch(() => undefined);
  if (stat?.isDirectory()) {
    throw new UsageError(`${field}: ${path} is a folder, not a file`, { field, hint: `Give a file name, e.g. ${field} ${join(path, field === '--results' ? 'results.csv' : 'export.csv')}` });
  }
}

/** A replaced file keeps its permissions (an export readable only by its owner stays so). */
async function targetMode(path: string): Promise<number> {
  const stat = await fs.stat(path).catch(() => undefined);
  return stat ? stat.mode & 0o777 : 0o644;
}

/** Makes the rename itself durable; not every platform lets a directory be opened for fsync. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

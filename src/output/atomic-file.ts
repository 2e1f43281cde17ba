// `--out FILE` and `--results FILE`, files that cron trusts: the data goes to a temporary file in
// the same folder (same filesystem, so the final rename is atomic), is fsynced, and only then
// replaces FILE. A run that fails or is interrupted removes its temporary file and leaves any
// earlier FILE untouched; a run killed outright (kill -9) leaves its temporary file behind, and
// the next run that writes the same FILE removes it (see removeStaleTemps).
//
// Every failure of the file system comes out as LocalIOError (exit 7) naming FILE and the cause.
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { UsageError } from '../core/errors.js';
import { asLocalIO, localIOError } from '../core/local-io.js';

export interface AtomicFile {
  /** The stream of the current attempt: restart() replaces it. */
  readonly stream: Writable;
  readonly tempPath: string;
  /** Flush, fsync and rename over the target. Throws LocalIOError when the file system fails. */
  commit(): Promise<void>;
  /** Discard everything written; safe to call more than once or after commit. */
  abort(): Promise<void>;
  /** Throw away what was written so far and start again on an empty temporary file. */
  restart(): Promise<void>;
  /** `err` as LocalIOError about the target when it is a file-system failure, else `err` itself. */
  explain(err: unknown): unknown;
}

export interface AtomicFileOptions {
  /**
   * Prove before any work that this many bytes fit: they are written to the temporary file,
   * fsynced and truncated away again. A full disk is then found before changes are sent.
   */
  reserveBytes?: number;
}

export async function openAtomicFile(path: string, field = '--out', opts: AtomicFileOptions = {}): Promise<AtomicFile> {
  const dir = dirname(path);
  await checkDirectory(dir, field);
  await checkNotFolder(path, field);
  await removeStaleTemps(path);
  const previous = await fs.stat(path).catch(() => undefined);
  const hint = previous ? `The earlier ${path} is unchanged.` : undefined;
  const explain = (err: unknown) => asLocalIO(err, path, 'write', hint);
  // Dot-prefixed so globbing consumers (e.g. `*.csv` loaders) never pick up a half-written file.
  const tempPath = join(dir, tempName(basename(path), process.pid, randomBytes(4).toString('hex')));

  // `wx`: never reuse someone else's file. Created (and the reservation made) through a handle
  // first, so that a read-only folder or a full disk fails here, before any work is done.
  const mode = previous ? previous.mode & 0o777 : 0o644;
  try {
    const handle = await fs.open(tempPath, 'wx', mode);
    try {
      if (opts.reserveBytes) await reserve(handle, opts.reserveBytes);
    } finally {
      await handle.close();
    }
  } catch (err) {
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
    throw localIOError(err, path, 'write') ?? err;
  }

  let current: Opened;
  try {
    current = await openStream(tempPath, 'r+');
  } catch (err) {
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
    throw explain(err);
  }
  let settled = false;
  const discard = async () => {
    current.stream.destroy();
    await current.closed.catch(() => undefined);
  };

  return {
    get stream() {
      return current.stream;
    },
    tempPath,
    explain,
    async commit() {
      if (settled) return;
      settled = true;
      try {
        current.stream.end();
        await current.closed;
        await fs.rename(tempPath, path);
      } catch (err) {
        await discard();
        await fs.rm(tempPath, { force: true }).catch(() => undefined);
        throw explain(err);
      }
      await syncDirectory(dir);
    },
    async abort() {
      if (settled) return;
      settled = true;
      await discard();
      await fs.rm(tempPath, { force: true }).catch(() => undefined);
    },
    async restart() {
      if (settled) throw new Error('restart() after commit() or abort()');
      await discard();
      try {
        current = await openStream(tempPath, 'w');
      } catch (err) {
        settled = true;
        await fs.rm(tempPath, { force: true }).catch(() => undefined);
        throw explain(err);
      }
    },
  };
}

interface Opened {
  stream: WriteStream;
  /** Settles when the stream has closed: rejects with its error if it failed. */
  closed: Promise<void>;
}

/** Resolves once the file is open, so that an open error is thrown here and not lost in an event. */
async function openStream(tempPath: string, flags: 'r+' | 'w'): Promise<Opened> {
  // `flush`: the descriptor is fsynced before it closes, so the rename never exposes a file
  // whose data is still only in the page cache. A 1 MB buffer: with the default 16 KB every
  // batch of rows (~30 KB of CSV) waited for its own write (2,000,000 rows of masg sql --out:
  // 4.4 s of CPU against 3.1 s).
  const stream = createWriteStream(tempPath, { flags, flush: true, highWaterMark: 1 << 20 });
  const closed = new Promise<void>((resolve, reject) => {
    stream.once('close', resolve);
    stream.once('error', reject);
  });
  closed.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    stream.once('ready', resolve);
    closed.then(resolve, reject);
  });
  return { stream, closed };
}

/** Writes and syncs `bytes` zeros, then truncates them away: proof that they fit on the disk. */
async function reserve(handle: fs.FileHandle, bytes: number): Promise<void> {
  const chunk = Buffer.alloc(Math.min(bytes, 1 << 20));
  // A nearly full disk takes part of a write without an error: only the next write says ENOSPC.
  for (let left = bytes; left > 0;) {
    const { bytesWritten } = await handle.write(chunk, 0, Math.min(left, chunk.length));
    left -= bytesWritten;
  }
  // Some file systems (delayed allocation, network mounts) only report a full disk on sync.
  await handle.sync();
  await handle.truncate(0);
}

/** `.NAME.PID.RAND.tmp`: the name says whose it is, so a later run can tell when it is stale. */
function tempName(base: string, pid: number, random: string): string {
  return `.${base}.${pid}.${random}.tmp`;
}

/**
 * Temporary files of `path` left by masg processes that no longer exist (kill -9, power loss)
 * are removed; those of a live process (another export to the same file right now) are not.
 * Best effort: a folder that cannot be listed or a file that cannot be removed is left alone.
 * Returns the names removed.
 */
export async function removeStaleTemps(path: string, alive: (pid: number) => boolean = processAlive): Promise<string[]> {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const m = /^(\d+)\.[0-9a-f]{8}$/.exec(name.slice(prefix.length, -'.tmp'.length));
    if (!m) continue;
    const pid = Number(m[1]);
    // Our own PID: a file this very process may be writing (or a recycled PID's): keep it.
    if (pid === process.pid || alive(pid)) continue;
    if (
      await fs.rm(join(dir, name), { force: true }).then(
        () => true,
        () => false,
      )
    )
      removed.push(name);
  }
  return removed;
}

/** Signal 0 only asks whether the process exists; EPERM means it does, under another user. */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
    throw new UsageError(`${field}: ${path} is a folder, not a file`, {
      field,
      hint: `Give a file name, e.g. ${field} ${join(path, field === '--results' ? 'results.csv' : 'export.csv')}`,
    });
  }
}

/** Makes the rename itself durable; not every platform lets a directory be opened for fsync. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

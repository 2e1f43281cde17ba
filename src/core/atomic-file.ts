// The one way masg replaces a file: a temporary file in the same folder, fsync, rename, fsync the folder,
// so a reader or a killed run sees the old file or the new one. Temps of dead writers are removed on the next write.
// Whole files (writeFileAtomic: profiles, caches) and streams (openAtomicFile: --out, --results, --html, files
// cron trusts); every file-system failure of a stream is a LocalIOError (exit 7) naming FILE.
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { LocalIOError, UsageError } from './errors.js';
import { asLocalIO, localIOError } from './local-io.js';

/** `.NAME.PID.RAND.tmp` beside the target: dot-prefixed so `*.csv` globs never pick it up, and the PID says whose it is. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

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
    if (pid === process.pid || alive(pid)) continue;
    const gone = await fs.rm(join(dir, name), { force: true }).then(
      () => true,
      () => false,
    );
    if (gone) removed.push(name);
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

/** Remove stale temps and create a new one (`wx`: never someone else's file), open for the caller to fill and fsync. */
export async function createTemp(path: string, mode: number): Promise<{ tempPath: string; handle: fs.FileHandle }> {
  await removeStaleTemps(path);
  const tempPath = tempPathFor(path);
  return { tempPath, handle: await fs.open(tempPath, 'wx', mode) };
}

/** Rename the fsynced temp over `path`; `durable: false` skips the folder fsync (a cache that may be lost). */
export async function commitTemp(tempPath: string, path: string, durable = true): Promise<void> {
  try {
    await fs.rename(tempPath, path);
  } catch (err) {
    await discardTemp(tempPath);
    throw err;
  }
  if (durable) await syncFolder(dirname(path));
}

export async function discardTemp(tempPath: string): Promise<void> {
  await fs.rm(tempPath, { force: true }).catch(() => undefined);
}

/** Atomic for readers, but not a lock: a read-modify-write must run inside withFileLock. */
export async function writeFileAtomic(
  path: string,
  text: string,
  opts: { mode?: number; durable?: boolean; beforeRename?: () => void } = {},
): Promise<void> {
  const durable = opts.durable !== false;
  const { tempPath, handle } = await createTemp(path, opts.mode ?? 0o600);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    opts.beforeRename?.();
  } catch (err) {
    await discardTemp(tempPath);
    throw err;
  }
  await commitTemp(tempPath, path, durable);
}

/** The rename is durable only once the folder entry is flushed; some platforms cannot open a folder for that, so best effort. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}

export interface AtomicFile {
  readonly stream: Writable;
  readonly tempPath: string;
  commit(): Promise<void>;
  /** Discard everything written; safe to call more than once or after commit. */
  abort(): Promise<void>;
  restart(): Promise<void>;
  explain(err: unknown): unknown;
}

export interface AtomicFileOptions {
  /** Bytes proven to fit before any work (written, fsynced, truncated): a full disk is found before changes are sent. */
  reserveBytes?: number;
}

export async function openAtomicFile(path: string, field = '--out', opts: AtomicFileOptions = {}): Promise<AtomicFile> {
  await checkDirectory(path, field);
  await checkNotFolder(path, field);
  const previous = await fs.stat(path).catch(() => undefined);
  const hint = previous ? `The earlier ${path} is unchanged.` : undefined;
  const explain = (err: unknown) => asLocalIO(err, path, 'write', hint);

  // Created (and reserved) through a handle first, so a read-only folder or a full disk fails before any work.
  const mode = previous ? previous.mode & 0o777 : 0o644;
  const { tempPath, handle } = await createTemp(path, mode).catch((err: unknown) => {
    throw localIOError(err, path, 'write') ?? err;
  });
  try {
    if (opts.reserveBytes) await reserve(handle, opts.reserveBytes);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await discardTemp(tempPath);
    throw localIOError(err, path, 'write') ?? err;
  }
  await handle.close();

  let current: Opened;
  try {
    current = await openStream(tempPath, 'r+');
  } catch (err) {
    await discardTemp(tempPath);
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
        await commitTemp(tempPath, path);
      } catch (err) {
        await discard();
        await discardTemp(tempPath);
        throw explain(err);
      }
    },
    async abort() {
      if (settled) return;
      settled = true;
      await discard();
      await discardTemp(tempPath);
    },
    async restart() {
      if (settled) throw new Error('restart() after commit() or abort()');
      await discard();
      try {
        current = await openStream(tempPath, 'w');
      } catch (err) {
        settled = true;
        await discardTemp(tempPath);
        throw explain(err);
      }
    },
  };
}

interface Opened {
  stream: WriteStream;
  closed: Promise<void>;
}

/** Resolves once the file is open, so that an open error is thrown here and not lost in an event. */
async function openStream(tempPath: string, flags: 'r+' | 'w'): Promise<Opened> {
  // `flush`: fsynced before close, so the rename never exposes data still in the page cache. A 1 MB buffer: with
  // 16 KB every batch of rows waited for its own write (2,000,000 rows of masg sql --out: 4.4 s of CPU against 3.1 s).
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

/**
 * A missing folder is a file problem (exit 7), as cron reads it: the command line itself was fine.
 * Never made behind the user's back: the hint says how to make it (--out, and the warehouse's --db).
 */
export async function checkDirectory(path: string, field: string): Promise<void> {
  const dir = dirname(path);
  const stat = await fs.stat(dir).catch((err: NodeJS.ErrnoException) => err);
  if (stat instanceof Error || !stat.isDirectory()) {
    const errno = stat instanceof Error ? stat.code : 'ENOTDIR';
    const cause = errno === 'ENOENT' ? 'does not exist' : errno === 'ENOTDIR' ? 'is not a folder' : `cannot be read (${errno})`;
    throw new LocalIOError(`${field}: cannot write ${path}: the folder ${dir} ${cause}.`, {
      path,
      errno,
      hint: `Create the folder first (mkdir -p ${shellWord(dir)}), or choose another.`,
    });
  }
}

function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** FILE must not be a folder: the final rename would fail after all the work (for --results, after the changes were sent). */
export async function checkNotFolder(path: string, field: string): Promise<void> {
  const stat = await fs.stat(path).catch(() => undefined);
  if (stat?.isDirectory()) {
    throw new UsageError(`${field}: ${path} is a folder, not a file`, {
      field,
      hint: `Give a file name, e.g. ${field} ${join(path, field === '--results' ? 'results.csv' : 'export.csv')}`,
    });
  }
}

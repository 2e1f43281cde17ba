// Cross-process read-modify-write of the small files masg keeps (profiles, sandbox state,
// completion cache). Two masg processes must never both read version N and each write their own
// N+1: one of the two changes would be lost while both report success. So every change is made
// inside a lock held across read, modify and write, and the new file replaces the old atomically
// (src/core/atomic-file.ts): a kill -9 leaves the old or the new file.
//
// The lock is proper-lockfile's rather than our own: it is the widely used one (npm, yarn and
// many CLIs have relied on it for years), it needs no native code (mkdir is the atomic step, so it
// works on every platform and on network file systems, where flock does not), and it already
// solves the hard parts: a holder refreshes its lock's mtime while it runs, so a lock whose holder
// died (kill -9, power cut) is recognised as stale after `staleMs` and taken over instead of
// blocking forever; locks still held are removed on a normal exit or a fatal signal. It has had no
// release since 4.1.2 but needs none: it uses only fs calls that are stable on Node 20–26 (mkdir,
// stat, utimes, rmdir), checked by this repository's tests on the Node it runs. It is imported
// lazily: `masg --help` and static completion never load it.
import { promises as fs } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFileAtomic } from './atomic-file.js';
import { LocalIOError } from './errors.js';

export interface LockOptions {
  /**
   * How long to wait for a lock that another live process holds before giving up (default 30 s:
   * masg holds its locks for milliseconds, so this only runs out when something is wrong).
   */
  waitMs?: number;
  /** A lock not refreshed by its holder for this long is stale: its holder died (default 5 s, at least 2 s). */
  staleMs?: number;
}

export interface LockedFile {
  readonly path: string;
  /** The file's text; undefined when it does not exist. */
  read(): Promise<string | undefined>;
  /**
   * Replace the file atomically (temp file, fsync, rename, fsync of the folder). `durable: false`
   * skips the fsyncs: still atomic for readers, but a crash may lose the change (a cache).
   */
  write(text: string, opts?: { mode?: number; durable?: boolean }): Promise<void>;
}

/** Thrown (exit 7) when another process holds the lock for longer than `waitMs`. */
export class LockBusyError extends LocalIOError {
  constructor(file: string, waitedMs: number) {
    const waited = waitedMs >= 1000 ? `${Math.round(waitedMs / 1000)} s` : `${waitedMs} ms`;
    super(`Another masg process has been changing ${file} for more than ${waited}; nothing was changed.`, {
      path: file,
      errno: 'ELOCKED',
      hint: `Try again. If no other masg is running, remove the folder ${lockPath(file)}.`,
    });
  }
}

export const DEFAULT_WAIT_MS = 30_000;
export const DEFAULT_STALE_MS = 5_000;

/** The lock of `file` is the directory `<file>.lock` beside it. */
export function lockPath(file: string): string {
  return `${resolve(file)}.lock`;
}

// proper-lockfile keys its locks by path within a process and refuses a second lock on the same
// file from the same process; callers in one process (the sandbox answering two requests at once)
// queue here first, so the file lock only ever arbitrates between processes.
const queues = new Map<string, Promise<unknown>>();

/**
 * Run `fn` while holding the cross-process lock of `file` (whose folder must exist). Everything
 * read through the LockedFile and written back inside `fn` is one atomic step for every other
 * masg process that also goes through here.
 */
export async function withFileLock<T>(file: string, fn: (locked: LockedFile) => Promise<T> | T, opts: LockOptions = {}): Promise<T> {
  const path = resolve(file);
  const waitMs = opts.waitMs ?? DEFAULT_WAIT_MS;
  const start = Date.now();
  const previous = queues.get(path) ?? Promise.resolve();
  const run = (async () => {
    // The wait in this queue counts against waitMs too: a Tab must not hang behind a slow writer.
    if (!(await settlesWithin(previous, waitMs))) throw new LockBusyError(path, waitMs);
    return underLock(path, fn, { staleMs: opts.staleMs, waitMs, deadline: start + waitMs });
  })();
  // The next caller waits for this one and for everyone before it, even if this one gave up early.
  const tail = Promise.allSettled([previous, run]).then(() => undefined);
  queues.set(path, tail);
  void tail.then(() => {
    if (queues.get(path) === tail) queues.delete(path);
  });
  return run;
}

/** Whether `p` settles within `ms` (no timer is left behind either way). */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function underLock<T>(
  path: string,
  fn: (locked: LockedFile) => Promise<T> | T,
  opts: { staleMs?: number; waitMs: number; deadline: number },
): Promise<T> {
  const lockfile = await import('proper-lockfile');
  const staleMs = Math.max(opts.staleMs ?? DEFAULT_STALE_MS, 2_000);
  let compromised: Error | undefined;
  const options = {
    stale: staleMs,
    realpath: false, // the file itself may not exist yet
    retries: 0, // waiting is done below, against a deadline instead of a retry count
    // The default throws from a timer, which would kill the process; record it and refuse to
    // write instead (see check below). It happens only if this process stalled past staleMs.
    onCompromised: (err: Error) => {
      compromised = err;
    },
  };
  let release: () => Promise<void>;
  for (;;) {
    try {
      release = await lockfile.lock(path, options);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      const left = opts.deadline - Date.now();
      if (left <= 0) throw new LockBusyError(path, opts.waitMs);
      // Short, jittered polls: the holder needs milliseconds, and twenty waiters must not wake in step.
      await sleep(Math.min(5 + Math.random() * 20, left));
    }
  }
  const held = () => {
    if (compromised) {
      throw new LocalIOError(`The lock on ${path} was taken over while masg held it (the process stalled); nothing was written.`, {
        path,
        errno: 'ECOMPROMISED',
        cause: compromised,
        hint: 'Try again.',
      });
    }
  };
  const locked: LockedFile = {
    path,
    read: () => readIfExists(path),
    async write(text, writeOpts = {}) {
      held();
      await writeFileAtomic(path, text, { ...writeOpts, beforeRename: held });
    },
  };
  try {
    return await fn(locked);
  } finally {
    // A lock already lost has nothing left to release; anything else would only leave a lock
    // that the next process takes over as stale.
    await release().catch(() => undefined);
  }
}

/** Like withFileLock, but gives up at once (undefined) instead of waiting: for work that may be skipped. */
export async function tryWithFileLock<T>(
  file: string,
  fn: (locked: LockedFile) => Promise<T> | T,
  opts: { waitMs?: number; staleMs?: number } = {},
): Promise<T | undefined> {
  try {
    return await withFileLock(file, fn, { waitMs: opts.waitMs ?? 0, staleMs: opts.staleMs });
  } catch (err) {
    if (err instanceof LockBusyError) return undefined;
    throw err;
  }
}

export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

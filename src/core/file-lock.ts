// Cross-process read-modify-write of masg's small files: two processes must never both write their own N+1 of version N.
// proper-lockfile needs no native code (mkdir is atomic, even on network file systems); a dead holder's lock goes stale.
import { promises as fs } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFileAtomic } from './atomic-file.js';
import { LocalIOError } from './errors.js';

export interface LockOptions {
  /** How long to wait for a lock held by another live process (default 30 s; masg holds locks for milliseconds). */
  waitMs?: number;
  /** A lock not refreshed by its holder for this long is stale: its holder died (default 5 s, at least 2 s). */
  staleMs?: number;
}

export interface LockedFile {
  readonly path: string;
  read(): Promise<string | undefined>;
  /** Replace the file atomically; `durable: false` skips the fsyncs (a cache: a crash may lose the change). */
  write(text: string, opts?: { mode?: number; durable?: boolean }): Promise<void>;
}

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

export function lockPath(file: string): string {
  return `${resolve(file)}.lock`;
}

// proper-lockfile refuses a second lock on the same file from the same process, so callers in one process
// (the sandbox answering two requests at once) queue here and the file lock only arbitrates between processes.
const queues = new Map<string, Promise<unknown>>();

/** Run `fn` holding the cross-process lock of `file` (whose folder must exist): its read and write are one atomic step. */
export async function withFileLock<T>(file: string, fn: (locked: LockedFile) => Promise<T> | T, opts: LockOptions = {}): Promise<T> {
  const path = resolve(file);
  const waitMs = opts.waitMs ?? DEFAULT_WAIT_MS;
  const start = Date.now();
  const previous = queues.get(path) ?? Promise.resolve();
  const run = (async () => {
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
    // The default throws from a timer, killing the process; record it and refuse to write instead.
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

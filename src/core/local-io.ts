// File-system errors as LocalIOError (exit 7), in words, so a cron log says "disk full" rather than "internal error".
import { LocalIOError, MasgError } from './errors.js';

/** Causes a user can act on, in words. Anything else keeps the system's own message. */
const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EFBIG: 'the file size limit was reached (ulimit -f)',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOENT: 'the folder does not exist',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files on the system',
  EIO: 'an input/output error from the device',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links in the path',
  EEXIST: 'the file already exists',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
  EXDEV: 'the temporary file and the target are on different file systems',
};

const ADVICE: Record<string, string> = {
  ENOSPC: 'Free some space on that disk, or choose a file on another one.',
  EDQUOT: 'Free some space within your quota, or choose a file on another disk.',
  EROFS: 'Choose a file on a writable file system.',
  EACCES: 'Check the permissions of the file and its folder, or choose another folder.',
  EPERM: 'Check the permissions of the file and its folder, or choose another folder.',
  EFBIG: 'Raise the limit (ulimit -f), or export less at a time.',
  EMFILE: 'Raise the limit of open files (ulimit -n).',
};

/** System calls that touch files; an error from one of them is a local I/O failure. */
const FILE_CALLS = new Set([
  'open',
  'write',
  'writev',
  'close',
  'fsync',
  'fdatasync',
  'rename',
  'unlink',
  'rm',
  'rmdir',
  'mkdir',
  'ftruncate',
  'truncate',
  'read',
  'stat',
  'lstat',
  'fstat',
  'access',
  'chmod',
  'fchmod',
  'copyfile',
  'link',
  'symlink',
  'scandir',
  'opendir',
  'utime',
  'futime',
]);

/** Socket and pipe failures share system calls (read, write) with files, but are not local I/O. */
const NOT_FILES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTCONN',
  'EADDRINUSE',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export type FileAction = 'write' | 'read' | 'create' | 'replace';

export function fileErrno(err: unknown): string | undefined {
  if (err instanceof MasgError || typeof err !== 'object' || err === null) return undefined;
  const { code, syscall } = err as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || !/^E[A-Z0-9]+$/.test(code) || NOT_FILES.has(code)) return undefined;
  if (typeof syscall === 'string' ? FILE_CALLS.has(syscall) : code in CAUSES) return code;
  return undefined;
}

export function causeOf(err: unknown, action?: FileAction): string {
  const code = fileErrno(err);
  // Reading, ENOENT is the file itself (a missing folder says the same to open(2)).
  if (code === 'ENOENT' && action === 'read') return 'no such file (ENOENT)';
  if (code && CAUSES[code]) return `${CAUSES[code]} (${code})`;
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${message.replace(/^E[A-Z0-9]+: /, '')} (${code})` : message;
}

/** `err` as a LocalIOError about `path` when it is a file-system failure; undefined for anything else (network, bug). */
export function localIOError(err: unknown, path: string, action: FileAction = 'write', hint?: string): LocalIOError | undefined {
  if (err instanceof LocalIOError) return err;
  const errno = fileErrno(err);
  if (errno === undefined) return undefined;
  const advice = [ADVICE[errno], hint].filter(Boolean).join('\n');
  return new LocalIOError(`Cannot ${action} ${path}: ${causeOf(err, action)}.`, { path, errno, cause: err, hint: advice || undefined });
}

/** localIOError(), or `err` itself when it is not a file-system failure: for `throw asLocalIO(err, …)`. */
export function asLocalIO(err: unknown, path: string, action: FileAction = 'write', hint?: string): unknown {
  return localIOError(err, path, action, hint) ?? err;
}

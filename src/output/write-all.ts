// Text to stdout, all of it or an error. Node writes stdout redirected to a file (`> report.json`)
// with one writeSync per chunk and ignores a short count: on a disk that fills up, the first 4,096
// bytes land, the rest is dropped, and no error is raised. A file descriptor that is a regular file
// is therefore written here, repeating after a short write until the disk refuses (ENOSPC).
import { fstatSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** Resolves with the failure (undefined when every byte was handed over); EPIPE, a reader gone, is returned too. */
export async function writeAll(out: Writable & { fd?: unknown }, text: string): Promise<Error | undefined> {
  const fd = typeof out.fd === 'number' ? out.fd : undefined;
  if (fd !== undefined && isRegularFile(fd)) return writeFileDescriptor(fd, Buffer.from(text, 'utf8'));
  return new Promise<Error | undefined>((resolve) => {
    const finish = (err?: Error | null) => {
      out.removeListener('error', finish);
      resolve(err ?? undefined);
    };
    out.once('error', finish);
    out.write(text, finish);
  });
}

function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

function writeFileDescriptor(fd: number, bytes: Buffer): Error | undefined {
  try {
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

// The one way masg replaces a file: a temporary file in the same folder, fsync, rename, fsync the folder,
// so a reader or a killed run sees the old file or the new one. Temps of dead writers are removed on the next write.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

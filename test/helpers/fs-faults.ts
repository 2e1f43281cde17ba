// Real file-system faults for tests: a read-only folder, a small or full disk. As root (CI, the
// dev machines) they are tmpfs mounts, since permissions do not stop root (a 0500 folder is
// writable to it) and `chattr +i` is not available everywhere; for anyone else a 0500 folder is
// read-only. Callers skip with `skipReason` when neither can be had, and unmount in afterAll.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export interface TestMount {
  dir: string;
  /** Unmounts (if mounted) and removes the folder; safe to call twice. */
  remove(): void;
}

const mounted: TestMount[] = [];

function tryMount(options: string): TestMount | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'masg-mnt-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  let done = false;
  const m: TestMount = {
    dir,
    remove() {
      if (done) return;
      done = true;
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' });
      } catch {
        // Busy (a process still has a file open there): detach it now, it goes when released.
        try {
          execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
        } catch {
          /* nothing more to do */
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  mounted.push(m);
  return m;
}

/** Whether tmpfs mounts work here (root with CAP_SYS_ADMIN); the reason to skip when not. */
export const canMount: boolean = (() => {
  if (!isRoot || process.platform !== 'linux') return false;
  const probe = tryMount('size=16k');
  probe?.remove();
  return probe !== undefined;
})();
export const skipReason = 'needs root with mount(8) for a tmpfs (a read-only or small disk); not available here';

/** A tmpfs of `sizeKb` KiB; `readOnly` mounts it read-only. Root only (see canMount). */
export function tmpfs(sizeKb: number, opts: { readOnly?: boolean } = {}): TestMount {
  const m = tryMount(`size=${sizeKb}k${opts.readOnly ? ',ro' : ''}`);
  if (!m) throw new Error('mount -t tmpfs failed');
  return m;
}

/** A folder nothing can be created in: a read-only tmpfs as root, a 0500 folder otherwise. */
export function readOnlyDir(): TestMount {
  if (canMount) return tmpfs(64, { readOnly: true });
  const dir = mkdtempSync(join(tmpdir(), 'masg-ro-'));
  chmodSync(dir, 0o500);
  return {
    dir,
    remove: () => {
      chmodSync(dir, 0o700);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills `dir` until the disk refuses another byte (ENOSPC). */
export function fill(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const block = Buffer.alloc(4096);
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(dir, `.fill-${i}`), block);
    } catch {
      break;
    }
  }
  // The last block may fit partly: top it up byte by byte.
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(dir, `.fill-byte-${i}`), 'x');
    } catch {
      break;
    }
  }
}

/** Every mount this file made, for afterAll. */
export function removeMounts(): void {
  for (const m of mounted.splice(0)) m.remove();
}

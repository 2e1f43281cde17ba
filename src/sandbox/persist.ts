// The durable state file, shared safely between processes. Several sandboxes may use one file at
// once (every `masg --sandbox` command runs its own, over <configDir>/sandbox/state.json, and a
// `masg sandbox --data FILE` may run beside them), so each batch of changes is made under the
// file's cross-process lock (src/core/file-lock.ts): reload the file if another process wrote it
// since this one last read it, apply the changes, replace the file atomically (temp file, fsync,
// rename: a kill -9 leaves the old or the new file), release, and only then answer. IDs come
// from the state's `nextId` as read under the lock, so they are unique across processes, and a
// 200 means the change is on disk. Reads see other processes' committed changes through a cheap
// stat check. A corrupt file is an error, never overwritten.

import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SandboxState } from './types.js';

/** Which version of the file this is: a rename gives a new inode, a write new times and size. */
function stampOf(stat: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

function currentStamp(file: string): string | undefined {
  try {
    return stampOf(statSync(file, { bigint: true }));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Read the file and its stamp from one descriptor, so the two always match. Undefined when
 * missing; a corrupt file is an error (and is never overwritten: nothing is written after it).
 */
function readState(file: string): { state: SandboxState; stamp: string } | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const stamp = stampOf(fstatSync(fd, { bigint: true }));
    return { state: parseState(file, readFileSync(fd, 'utf8')), stamp };
  } finally {
    closeSync(fd);
  }
}

function parseState(file: string, text: string): SandboxState {
  const state = JSON.parse(text) as SandboxState;
  if (state?.version !== 1) throw new Error(`${file}: not a masg sandbox data file (version ${String(state?.version)})`);
  return state;
}

/** The state in `file` (for `masg sandbox --reset`, which checks what it deletes); undefined when missing. */
export function loadState(file: string): SandboxState | undefined {
  return readState(path.resolve(file))?.state;
}

interface Pending {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** What the file needs from the state it persists. */
export interface StateHooks {
  /** Swap in a state read from the file (another process's changes). */
  replace(state: SandboxState): void;
  /** Serialise the current state. */
  snapshot(): string;
}

/** A state file that changes only under its lock. */
export class SharedStateFile {
  /** The version of the file the memory holds; undefined = unknown (a failed write), reload at the next look. */
  private stamp: string | undefined;
  /** True while a batch holds the lock: the memory is then ahead of the file, never behind. */
  private busy = false;
  private pending: Pending[] = [];
  private running?: Promise<void>;
  private hooks!: StateHooks;

  private constructor(readonly path: string) {}

  /**
   * The file's state, created under the lock by `create` when there is none yet (two processes
   * starting at once on a new file both end up with the one that was written first). Call
   * attach() before any other method.
   */
  static async open(file: string, create: () => SandboxState): Promise<{ state: SandboxState; file: SharedStateFile }> {
    const resolved = path.resolve(file);
    mkdirSync(path.dirname(resolved), { recursive: true });
    let read = readState(resolved);
    if (!read) {
      const { withFileLock } = await import('../core/file-lock.js');
      read = await withFileLock(resolved, async (locked) => {
        const existing = readState(resolved);
        if (existing) return existing;
        const state = create();
        await locked.write(JSON.stringify(state), { mode: 0o600 });
        return { state, stamp: currentStamp(resolved)! };
      });
    }
    const shared = new SharedStateFile(resolved);
    shared.stamp = read.stamp;
    return { state: read.state, file: shared };
  }

  attach(hooks: StateHooks): void {
    this.hooks = hooks;
  }

  /** For reads: take in what other processes committed since the last look (one stat when nothing did). */
  refresh(): void {
    if (!this.busy) this.reloadIfChanged();
  }

  /**
   * Run `change` (synchronous) as part of the next batch under the lock, on the state as it is
   * on disk; resolves with its result once the batch is on disk. A change that throws is left
   * out of the answer (its error is returned to it alone); a failed write fails the whole batch.
   */
  transact<T>(change: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run: change, resolve: resolve as (value: unknown) => void, reject });
      this.running ??= this.drain();
    });
  }

  /** Wait until every submitted change is written (or has failed). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private reloadIfChanged(): void {
    const now = currentStamp(this.path);
    // A deleted file keeps the memory: the next change writes it again.
    if (now === undefined || now === this.stamp) return;
    const read = readState(this.path);
    if (!read) return;
    this.hooks.replace(read.state);
    this.stamp = read.stamp;
  }

  private async drain(): Promise<void> {
    const { withFileLock } = await import('../core/file-lock.js');
    while (this.pending.length > 0) {
      // Every change queued while the previous batch was writing goes into one lock and one write.
      const batch = this.pending.splice(0);
      let outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
      try {
        outcomes = await withFileLock(this.path, async (locked) => {
          this.busy = true;
          try {
            this.reloadIfChanged();
            const results = batch.map((p) => {
              try {
                return { ok: true as const, value: p.run() };
              } catch (error) {
                return { ok: false as const, error };
              }
            });
            if (results.some((r) => r.ok)) {
              await locked.write(this.hooks.snapshot(), { mode: 0o600 });
              this.stamp = currentStamp(this.path);
            }
            return results;
          } catch (err) {
            // The memory may now hold changes that are not on disk: never answered as done, and
            // dropped at the next look, which reloads the file.
            this.stamp = undefined;
            throw err;
          } finally {
            this.busy = false;
          }
        });
      } catch (err) {
        for (const p of batch) p.reject(err);
        continue;
      }
      outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.value) : batch[i].reject(o.error)));
    }
    this.running = undefined;
  }
}

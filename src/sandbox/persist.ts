// The state file, shared by several sandboxes at once (each `masg --sandbox` runs its own). Each
// batch of changes runs under the cross-process lock: reload if another process wrote, apply,
// replace atomically, release, then answer; so IDs are unique and a 200 means it is on disk.
// A corrupt file is an error, never overwritten.

import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { asLocalIO } from '../core/local-io.js';
import type { SandboxState } from './types.js';
import { withFileLock } from '../core/file-lock.js';

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

/** From one descriptor, so state and stamp always match. */
function readState(file: string): { state: SandboxState; stamp: string } | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw asLocalIO(err, file, 'read');
  }
  try {
    const stamp = stampOf(fstatSync(fd, { bigint: true }));
    let text: string;
    try {
      text = readFileSync(fd, 'utf8');
    } catch (err) {
      // A folder, a device that fails: a file problem (exit 7) naming it, not a crash.
      throw asLocalIO(err, file, 'read');
    }
    return { state: parseState(file, text), stamp };
  } finally {
    closeSync(fd);
  }
}

/** A file that is not sandbox state (not JSON, or not ours) is the user's problem to fix, never a crash: exit 2 naming it. */
function parseState(file: string, text: string): SandboxState {
  let state: SandboxState | undefined;
  try {
    state = JSON.parse(text) as SandboxState;
  } catch {
    throw notState(file, 'it is not JSON');
  }
  if (state?.version !== 1) throw notState(file, `its version is ${String(state?.version)}, not 1`);
  return state;
}

function notState(file: string, why: string): UsageError {
  return new UsageError(`${file} is not a masg sandbox data file (${why}); left as it is.`, {
    field: '--data',
    hint: 'Give --data a new file (the sandbox creates it) or one the sandbox wrote.',
  });
}

/** For `masg sandbox --reset`, which checks what it deletes. */
export function loadState(file: string): SandboxState | undefined {
  return readState(path.resolve(file))?.state;
}

interface Pending {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface StateHooks {
  /** Swap in another process's changes. */
  replace(state: SandboxState): void;
  snapshot(): string;
}

export class SharedStateFile {
  /** Undefined after a failed write: reload at the next look. */
  private stamp: string | undefined;
  /** True while a batch holds the lock: the memory is then ahead of the file, never behind. */
  private busy = false;
  private pending: Pending[] = [];
  private running?: Promise<void>;
  private hooks!: StateHooks;

  private constructor(readonly path: string) {}

  /** Created under the lock, so two processes starting on a new file share one state. Call attach() first. */
  static async open(file: string, create: () => SandboxState): Promise<{ state: SandboxState; file: SharedStateFile }> {
    const resolved = path.resolve(file);
    mkdirSync(path.dirname(resolved), { recursive: true });
    let read = readState(resolved);
    if (!read) {
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

  /** For reads: one stat when nothing changed. */
  refresh(): void {
    if (!this.busy) this.reloadIfChanged();
  }

  /** Resolves once the batch is on disk; a change that throws fails alone, a failed write fails the batch. */
  transact<T>(change: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run: change, resolve: resolve as (value: unknown) => void, reject });
      this.running ??= this.drain();
    });
  }

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
    while (this.pending.length > 0) {
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
            // The memory may hold changes not on disk: the next look reloads the file.
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

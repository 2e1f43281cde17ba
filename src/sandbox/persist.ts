// Durable state file. Writes are atomic (temp file in the same directory, fsync, rename) so a
// crash or kill -9 leaves either the old or the new file, never a torn one; and they go through
// a single-flight queue that coalesces: mutations happen in memory synchronously, and one write
// at a time persists a snapshot taken when it starts, so no mutation is ever lost.

import { promises as fs, readFileSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { SandboxState } from './types.js';

/** Read the state file; undefined when it does not exist yet. A corrupt file is an error, never overwritten. */
export function loadState(file: string): SandboxState | undefined {
  removeStaleTemps(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const state = JSON.parse(text) as SandboxState;
  if (state.version !== 1) throw new Error(`${file}: not a masg sandbox data file (version ${String(state.version)})`);
  return state;
}

/** Temp files of writes interrupted by a kill are garbage: the real file is intact. */
function removeStaleTemps(file: string): void {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (n.startsWith(prefix) && n.endsWith('.tmp')) unlinkSync(path.join(dir, n));
}

export async function writeAtomic(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await fs.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  // The rename itself is durable only once the directory entry is flushed; best effort.
  try {
    const d = await fs.open(dir, 'r');
    await d.sync().finally(() => d.close());
  } catch {
    /* some platforms cannot fsync a directory */
  }
}

/** Coalescing writer: save() resolves once a write that began after the call has finished. */
export class Persister {
  private running = false;
  private dirty = false;
  private waiting: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];

  constructor(
    private readonly file: string | undefined,
    private readonly snapshot: () => string,
  ) {}

  save(): Promise<void> {
    if (!this.file) return Promise.resolve();
    this.dirty = true;
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.running) void this.loop();
    return done;
  }

  private async loop(): Promise<void> {
    this.running = true;
    while (this.dirty) {
      this.dirty = false;
      const batch = this.waiting;
      this.waiting = [];
      try {
        await writeAtomic(this.file!, this.snapshot());
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
  }

  /** Wait for every requested write (used by close()). */
  async flush(): Promise<void> {
    if (this.running || this.dirty) await this.save();
  }
}

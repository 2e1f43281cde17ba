// Captured streams for output tests: what a command would have printed, as one string.
import { Writable } from 'node:stream';

export class Capture extends Writable {
  chunks: string[] = [];
  constructor(opts: { highWaterMark?: number; delayMs?: number } = {}) {
    super({ highWaterMark: opts.highWaterMark ?? 16384, decodeStrings: false });
    this.delayMs = opts.delayMs;
  }
  private readonly delayMs?: number;
  override _write(chunk: unknown, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.chunks.push(String(chunk));
    if (this.delayMs === undefined) cb();
    else setTimeout(() => cb(), this.delayMs);
  }
  get text(): string {
    return this.chunks.join('');
  }
}

/** A stream that claims to be a terminal, with the cursor methods ora calls. */
export class FakeTty extends Capture {
  isTTY = true;
  columns = 80;
  cursorTo(_x: number, cb?: () => void): boolean {
    this.write('\u001b[G');
    cb?.();
    return true;
  }
  moveCursor(_dx: number, _dy: number, cb?: () => void): boolean {
    cb?.();
    return true;
  }
  clearLine(_dir: number, cb?: () => void): boolean {
    this.write('\u001b[K');
    cb?.();
    return true;
  }
}

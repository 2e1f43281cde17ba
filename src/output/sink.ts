// Backpressure on any Node writable: remember when write() said "enough" and wait for 'drain'
// before writing more. Only the write() return value is relied on, the one signal every
// writable gives (process.stdout, files, sockets, test streams).

import type { OutStream } from './types.js';

export interface Sink {
  write(text: string | Uint8Array): void;
  /** True while the stream has asked us to wait. */
  readonly blocked: boolean;
  /** Resolves when the stream can take more; rejects if it fails or closes first. */
  ready(): Promise<void>;
}

const CLOSED = 'The output closed before everything was written.';

export function createSink(out: OutStream): Sink {
  let flagged = false;
  // A 'drain' may already have fired between a refused write and the next wait (the rows of a
  // batch come later than the write that filled the buffer): then there is nothing to wait for,
  // and waiting would hang forever. Streams that do not say (writableNeedDrain undefined) are
  // waited for as before.
  const stillFull = () => (out as { writableNeedDrain?: boolean }).writableNeedDrain !== false;
  // Once the stream has failed, every later wait fails the same way at once: a closed stream
  // emits nothing more, so waiting for it again would hang.
  let failure: Error | undefined;
  // A stream that failed (a file on a full disk: ENOSPC, EFBIG under `ulimit -f`) is destroyed
  // and takes every later write silently. Its own error is what the caller must see (it names
  // the cause; "closed" would not), and it must see it at the next row, not after the report.
  const broken = (): Error | undefined => {
    const s = out as { destroyed?: boolean; errored?: Error | null };
    if (!failure && s.destroyed) failure = s.errored ?? new Error(CLOSED);
    return failure;
  };
  const isBlocked = () => {
    if (broken()) return true;
    if (flagged && !stillFull()) flagged = false;
    return flagged;
  };
  return {
    get blocked() {
      return isBlocked();
    },
    write(text) {
      if (broken()) return; // the error is already on its way to the caller through ready()
      if (!out.write(text)) flagged = true;
    },
    async ready() {
      const failed = broken();
      if (failed) throw failed;
      if (!isBlocked()) return;
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          out.removeListener('drain', onDrain);
          out.removeListener('close', onClose);
          out.removeListener('error', done);
          if (err) reject((failure ??= err));
          else resolve();
        };
        const onDrain = () => done();
        // A closed stream never drains; fail instead of hanging the command.
        const onClose = () => done(new Error(CLOSED));
        out.on('drain', onDrain);
        out.on('close', onClose);
        out.on('error', done);
      });
      flagged = false;
    },
  };
}

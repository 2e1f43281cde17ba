// Backpressure on any Node writable: once write() returns false, wait for 'drain'.

import { InterruptedError, MasgError } from '../core/errors.js';
import type { OutStream } from './types.js';

export interface Sink {
  write(text: string | Uint8Array): void;
  readonly blocked: boolean;
  /** Resolves when the stream can take more; rejects if it fails or closes first. */
  ready(): Promise<void>;
}

const CLOSED = 'The output closed before everything was written.';

/**
 * `signal` (Ctrl-C, SIGTERM) ends a wait for a reader that stopped reading: the command ends with
 * 130 at once instead of waiting for a 'drain' that may never come.
 */
export function createSink(out: OutStream, signal?: AbortSignal): Sink {
  const stopped = () => (signal?.reason instanceof MasgError ? signal.reason : new InterruptedError());
  let flagged = false;
  // A 'drain' may already have fired between a refused write and this wait, and waiting would hang.
  const stillFull = () => (out as { writableNeedDrain?: boolean }).writableNeedDrain !== false;
  // Once the stream has failed, every later wait fails at once: a closed stream emits nothing more.
  let failure: Error | undefined;
  // A failed stream (ENOSPC, EFBIG) takes later writes silently: its own error must surface at the next row.
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
      if (signal?.aborted) throw stopped();
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          out.removeListener('drain', onDrain);
          out.removeListener('close', onClose);
          out.removeListener('error', done);
          signal?.removeEventListener('abort', onAbort);
          if (err) reject(err === interrupted ? err : (failure ??= err));
          else resolve();
        };
        const onDrain = () => done();
        // A closed stream never drains; fail instead of hanging the command.
        const onClose = () => done(new Error(CLOSED));
        let interrupted: Error | undefined;
        const onAbort = () => done((interrupted = stopped()));
        out.on('drain', onDrain);
        out.on('close', onClose);
        out.on('error', done);
        signal?.addEventListener('abort', onAbort);
      });
      flagged = false;
    },
  };
}

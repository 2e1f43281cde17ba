// Backpressure on any Node writable: remember when write() said "enough" and wait for 'drain'
// before writing more. Only the write() return value is relied on, the one signal every
// writable gives (process.stdout, files, sockets, test streams).

import type { OutStream } from './types.js';

export interface Sink {
  write(text: string): void;
  /** True while the stream has asked us to wait. */
  readonly blocked: boolean;
  /** Resolves when the stream can take more; rejects if it fails or closes first. */
  ready(): Promise<void>;
}

export function createSink(out: OutStream): Sink {
  let blocked = false;
  return {
    get blocked() {
      return blocked;
    },
    write(text) {
      if (!out.write(text)) blocked = true;
    },
    async ready() {
      if (!blocked) return;
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          out.removeListener('drain', onDrain);
          out.removeListener('close', onClose);
          out.removeListener('error', done);
          if (err) reject(err);
          else resolve();
        };
        const onDrain = () => done();
        // A closed stream never drains; fail instead of hanging the command.
        const onClose = () => done(new Error('The output closed before everything was written.'));
        out.on('drain', onDrain);
        out.on('close', onClose);
        out.on('error', done);
      });
      blocked = false;
    },
  };
}

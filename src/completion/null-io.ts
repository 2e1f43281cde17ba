// IO for completion, which never prompts or prints anything but its answer: warnings go nowhere.
import { Readable, Writable } from 'node:stream';
import type { Io } from '../core/io.js';

export function nullIo(env: Record<string, string | undefined>, signal: AbortSignal = new AbortController().signal): Io {
  const sink = () => new Writable({ write: (_chunk, _enc, done) => done() });
  // Not a TTY: Context.interactive is false, so nothing downstream may prompt.
  return { stdout: sink(), stderr: sink(), stdin: Readable.from([]), env, signal };
}

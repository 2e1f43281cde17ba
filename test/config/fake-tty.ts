// A stand-in for a terminal: a PassThrough that claims to be a TTY and records raw-mode switches,
// so the prompts run exactly the code paths they run on a real terminal.
import { PassThrough } from 'node:stream';

export interface FakeTty {
  stdin: PassThrough & { isTTY: boolean; isRaw: boolean; setRawMode(mode: boolean): unknown };
  stderr: PassThrough;
  rawCalls: boolean[];
  /** Everything written to stderr so far. */
  output(): string;
}

export function fakeTty(): FakeTty {
  const rawCalls: boolean[] = [];
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode(mode: boolean) {
      rawCalls.push(mode);
      stdin.isRaw = mode;
      return stdin;
    },
  });
  const stderr = new PassThrough();
  let out = '';
  stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  return { stdin, stderr, rawCalls, output: () => out };
}

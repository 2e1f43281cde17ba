// Runs masg in-process with captured streams, the way a user would call it, without spawning.
import { clearLine, cursorTo, moveCursor } from 'node:readline';
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/context.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /**
   * stdout's bytes, unread as text (--raw writes a Latin-1 body as received). Not enumerable, so
   * `toEqual({ code, stdout, stderr })` still compares a run as before.
   */
  readonly stdoutBytes: Buffer;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** A Buffer is passed through as bytes (e.g. a file in another encoding on `--from -`). */
  stdin?: string | Buffer;
  /** Pretend stdout/stderr/stdin are terminals. */
  tty?: boolean;
  /** stderr's own terminal-ness when it differs from stdout's (`2>err.log` on a terminal). */
  stderrTty?: boolean;
  /** The pretend terminal's width (default 120; 0 = a terminal that does not say). */
  columns?: number;
  signal?: AbortSignal;
}

type Captured = PassThrough & { text(): string; bytes(): Buffer; isTTY?: boolean; columns?: number };

function capture(tty: boolean, columns = 120): Captured {
  const stream = new PassThrough() as Captured;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.bytes = () => Buffer.concat(chunks);
  stream.text = () => stream.bytes().toString('utf8');
  if (tty) makeTerminal(stream, columns);
  return stream;
}

/**
 * A stream that passes for a terminal: isTTY, its width, and the cursor methods a tty.WriteStream
 * has (a spinner clears its line with them), writing the same escape sequences.
 */
export function makeTerminal<S extends PassThrough>(stream: S, columns = 120): S & { isTTY: true; columns: number } {
  const t = stream as S & { isTTY: true; columns: number } & Record<string, unknown>;
  t.isTTY = true;
  t.columns = columns;
  t.cursorTo = (x: number, y?: number | (() => void), cb?: () => void) => cursorTo(stream, x, y as number, cb);
  t.moveCursor = (dx: number, dy: number, cb?: () => void) => moveCursor(stream, dx, dy, cb);
  t.clearLine = (dir: -1 | 0 | 1, cb?: () => void) => clearLine(stream, dir, cb);
  return t;
}

export async function runCli(argv: string[], opts: CliOptions = {}): Promise<CliRun> {
  const stdout = capture(opts.tty ?? false, opts.columns);
  const stderr = capture(opts.stderrTty ?? opts.tty ?? false, opts.columns);
  const stdin = Readable.from(opts.stdin === undefined ? [] : [opts.stdin]) as Io['stdin'];
  if (opts.tty) stdin.isTTY = true;
  const io: Io = {
    stdout,
    stderr,
    stdin,
    env: { HOME: '/nonexistent', ...opts.env },
    signal: opts.signal ?? new AbortController().signal,
  };
  const code = await main(argv, io);
  await new Promise((r) => setImmediate(r));
  const run = { code, stdout: stdout.text(), stderr: stderr.text() } as CliRun;
  Object.defineProperty(run, 'stdoutBytes', { value: stdout.bytes(), enumerable: false });
  return run;
}

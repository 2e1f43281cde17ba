// Runs masg in-process with captured streams, the way a user would call it, without spawning.
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/context.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** A Buffer is passed through as bytes (e.g. a file in another encoding on `--from -`). */
  stdin?: string | Buffer;
  /** Pretend stdout/stderr/stdin are terminals. */
  tty?: boolean;
  /** The pretend terminal's width (default 120; 0 = a terminal that does not say). */
  columns?: number;
  signal?: AbortSignal;
}

function capture(tty: boolean, columns = 120): PassThrough & { text(): string; isTTY?: boolean; columns?: number } {
  const stream = new PassThrough() as PassThrough & { text(): string; isTTY?: boolean; columns?: number };
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  if (tty) {
    stream.isTTY = true;
    stream.columns = columns;
  }
  return stream;
}

export async function runCli(argv: string[], opts: CliOptions = {}): Promise<CliRun> {
  const stdout = capture(opts.tty ?? false, opts.columns);
  const stderr = capture(opts.tty ?? false, opts.columns);
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
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

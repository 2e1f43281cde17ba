// The entry point: runs masg and is the only place where an error becomes an exit code (commands
// and the client throw, they never exit). It loads as little as it can: Tab and plain help
// answer from generated files; everything else builds the commander program (program.ts).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { ExitCode } from './core/errors.js';
import type { Io } from './core/io.js';
import { helpWords } from './help/request.js';

export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * Every command declared, or with `argv` only the commands it names (program.ts); a handler is
 * imported only when its command runs.
 */
export async function buildProgram(io: Io, argv?: readonly string[]): Promise<Command> {
  return (await import('./program.js')).buildProgram(io, VERSION, argv);
}

/** Resolves to the exit code; never exits the process. */
export async function main(argv: string[], io: Io): Promise<number> {
  // `__complete` runs on every Tab: it reads the generated spec, not the command tree. (The
  // installed binary answers --version before this file loads: bin/masg.cjs.)
  if (argv[0] === '__complete') {
    const { complete } = await import('./completion/complete.js');
    await complete(argv.slice(1), io, buildProgram, async (...line) =>
      (await import('./line-session.js')).openLineSession(io.env, VERSION, ...line),
    );
    return ExitCode.OK;
  }
  const output = watchOutput(io);
  const report = async (err: unknown, lost?: Error) => (await import('./program.js')).reportError(err, io, argv.includes('--debug'), lost);
  try {
    // A plain help request reads the generated pages: no commander, no command declarations.
    const helpShaped = helpWords(argv) !== undefined;
    if (!(helpShaped && (await import('./help/pages.js')).printHelpPage(argv, io))) {
      const program = await buildProgram(io, argv);
      if (argv.length === 0) program.outputHelp();
      else await program.parseAsync(argv, { from: 'user' });
    }
    // stdout to a full disk: never exit 0 for output that was lost.
    const lost = output.failure();
    if (lost) return await report(lost, lost);
    return ExitCode.OK;
  } catch (err) {
    return await report(err, output.failure());
  } finally {
    output.stop();
  }
}

/** Remembers stdout's error (ENOSPC): process.stdout does not keep it. EPIPE (`| head`) is none. */
function watchOutput(io: Io): { failure(): Error | undefined; stop(): void } {
  let failure: Error | undefined;
  const onError = (err: Error) => {
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE') failure ??= err;
  };
  io.stdout.on('error', onError);
  return { failure: () => failure, stop: () => void io.stdout.removeListener('error', onError) };
}

export function run(): void {
  const controller = new AbortController();
  let firstAt: number | undefined;
  const onSignal = () => {
    // A second Ctrl-C gives up waiting, but not within 250 ms: an exit hook that re-raises the signal
    // it caught must not skip the cleanup the first one started.
    if (firstAt === undefined) firstAt = performance.now();
    else if (performance.now() - firstAt > 250) process.exit(ExitCode.INTERRUPTED);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // process.stdin costs a few ms on first access: only commands that read it pay.
  let stdin: Io['stdin'] | undefined;
  const io: Io = {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return (stdin ??= process.stdin);
    },
    env: process.env,
    signal: controller.signal,
  };
  // EPIPE (`| head -1`) is not worth a stack trace; the code is 0 unless the command decided one (pulse's 9).
  let closedPipeExit: number = ExitCode.OK;
  io.exitOnClosedPipe = (code) => void (closedPipeExit = code);
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(closedPipeExit);
  });
  // An emptied event loop with the command pending would exit 0: cron would take it for a success.
  let settled = false;
  process.once('beforeExit', () => {
    if (settled) return;
    process.stderr.write('masg: internal error: the command stopped before it finished; nothing was completed.\n');
    process.exitCode = ExitCode.INTERNAL;
  });
  void main(process.argv.slice(2), io).then(async (code) => {
    settled = true;
    process.exitCode = code;
    // Everything owned is closed; what remains (V8 compiling undici's parser, ~80 ms, or a stray
    // handle) is work nobody needs. Flush, then end.
    // Interrupted, stdout's reader may have stopped reading: its last bytes are not waited for. A
    // command that ended on its own after a Ctrl-C (masg sandbox stops with 0) keeps its code; a
    // Ctrl-C that comes while the last bytes are waited for (a reader that stopped) ends the wait: 130.
    const stopped = controller.signal.aborted;
    const flush = Promise.all([
      code === ExitCode.INTERRUPTED || stopped ? undefined : flushed(process.stdout),
      flushed(process.stderr),
    ]).then(() => false);
    const interrupted = stopped ? await flush : await Promise.race([flush, aborted(controller.signal)]);
    process.exit(interrupted ? ExitCode.INTERRUPTED : code);
  });
}

/** Resolves with true once the signal is aborted (at once when it already is). */
function aborted(signal: AbortSignal): Promise<true> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(true);
    else signal.addEventListener('abort', () => resolve(true), { once: true });
  });
}

/** Resolves once everything written so far has been handed to the OS (or the stream failed). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

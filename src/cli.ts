// The entry point. Builds the commander program, runs it, and is the only place where an error
// becomes an exit code: commands and the client throw, they never exit.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Io } from './core/io.js';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS, MAX_RETRIES } from './config/defaults.js';
import { ExitCode, MasgError, UsageError, wasReported } from './core/errors.js';

export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

function positiveSeconds(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || n <= 0) throw new UsageError(`${flag}: "${value}" is not a positive number of seconds`);
    return n;
  };
}

function retryCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_RETRIES)
    throw new UsageError(`--retries: "${value}" is not a whole number from 0 to ${MAX_RETRIES}`);
  return Number(value);
}

const OUTPUT_FORMATS = ['table', 'csv', 'tsv', 'json', 'ndjson'];

/** The options every command takes (help lists them under each command's own). */
function addGlobalOptions(
  program: Command,
  Option: typeof import('commander').Option,
  choiceParser: typeof import('./command-kit/suggest.js').choiceParser,
): Command {
  return program
    .option('-p, --profile <name>', 'credentials profile, or a comma-separated list for reads (env MASG_PROFILE; default "default")')
    .option('--all-profiles', 'reads: run over every saved profile, each row naming its account')
    .option('--base-url <url>', 'service base URL, may include a path prefix (env MASG_BASE_URL)')
    .option('--sandbox', 'use the embedded sandbox: a local demo service, no account needed')
    .addOption(
      new Option('-o, --output <format>', 'output format (default: table on a terminal, tsv when piped)')
        .choices([...OUTPUT_FORMATS])
        .argParser(choiceParser('-o', OUTPUT_FORMATS)),
    )
    .addOption(
      new Option('--raw [format]', "print the service's response body exactly as received")
        .choices(['xml', 'json'])
        .argParser(choiceParser('--raw', ['xml', 'json']))
        .preset('xml'),
    )
    .option('--fields <list>', 'choose and order columns, e.g. id,name,status')
    .option('--no-header', 'csv/tsv without a header row')
    .option('--wide', 'tables: every column and whole values, even wider than the terminal')
    .addOption(
      new Option('--color <when>', 'colour in tables (env NO_COLOR, FORCE_COLOR)')
        .choices(['auto', 'always', 'never'])
        .argParser(choiceParser('--color', ['auto', 'always', 'never']))
        .default('auto'),
    )
    .option('-q, --quiet', 'no spinner, progress or notices')
    .option('--debug', 'log each request and response to stderr, credentials redacted')
    .option(
      '--timeout <seconds>',
      'per-request timeout: no answer, or a body that stalls',
      positiveSeconds('--timeout'),
      DEFAULT_TIMEOUT_SECONDS,
    )
    .option(
      '--connect-timeout <seconds>',
      'time allowed to open a connection',
      positiveSeconds('--connect-timeout'),
      DEFAULT_CONNECT_TIMEOUT_SECONDS,
    )
    .option(
      '--retries <n>',
      'retries of a safe (GET) request after a network error, 5xx or 429; creates and updates are never re-sent',
      retryCount,
      DEFAULT_RETRIES,
    )
    .option(
      '--deadline <seconds>',
      'give up on the whole command after this long, retries and waits included',
      positiveSeconds('--deadline'),
    )
    .option('--dry-run', 'print the request(s) that would be sent, send nothing');
}

/** Every command declared; a handler is imported only when its command runs (commands/index.ts). */
export async function buildProgram(io: Io): Promise<Command> {
  // Not at the top: --version and a static completion need neither commander nor the commands.
  const [
    { Command, CommanderError, Option },
    { registerCommands },
    { correctSuggestion, choiceParser },
    { formatHelp },
    { setExamples },
    { textWidth, messageWidth, wrapTo },
  ] = await Promise.all([
    import('commander'),
    import('./commands/index.js'),
    import('./command-kit/suggest.js'),
    import('./help/format.js'),
    import('./help/metadata.js'),
    import('./output/wrap.js'),
  ]);
  const program = new Command('masg')
    .description('Manage publications, ad slots, advertisers and campaigns of the masg ad service, and export statistics.')
    .version(VERSION, '-v, --version', 'print the version (also: masg version)')
    .helpOption('-h, --help', 'show help');
  addGlobalOptions(program, Option, choiceParser)
    .showSuggestionAfterError()
    // A command's examples use the global options, so its help names them too.
    .configureHelp({ showGlobalOptions: true, formatHelp })
    .configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
      getOutHelpWidth: () => textWidth(io.stdout, io.env),
      getErrHelpWidth: () => textWidth(io.stderr, io.env),
      outputError: (s, write) => write(wrapTo(commanderMessage(s), messageWidth(io.stderr, io.env), 2)),
    })
    // Throw instead of process.exit, so main() decides the exit code.
    .exitOverride();
  // -V as well: commander's own default, which scripts may already use.
  program.addOption(new Option('-V').hideHelp());
  program.on('option:V', () => {
    io.stdout.write(`${VERSION}\n`);
    throw new CommanderError(0, 'commander.version', VERSION);
  });
  registerCommands(program, io, VERSION);

  const version = program
    .command('version')
    .description('Print the version of masg')
    .action(() => void io.stdout.write(`${VERSION}\n`));
  setExamples(version, ['masg version', 'masg -v']);
  pointToHelp(program, 'masg', correctSuggestion);
  return program;
}

export function commanderMessage(text: string): string {
  const [first = '', ...rest] = text.replace(/\n$/, '').split('\n');
  return [first.replace(/^error: /, 'masg: '), ...rest.map((l) => (l === '' ? l : `  ${l}`))].join('\n') + '\n';
}

type CorrectSuggestion = (text: string, cmd: Command) => string;

function pointToHelp(cmd: Command, path: string, correct: CorrectSuggestion): void {
  cmd.showHelpAfterError(`  See \`${path} --help\` for the options and examples.`);
  const output = cmd.configureOutput();
  cmd.configureOutput({ outputError: (s, write) => output.outputError!(correct(s, cmd), write) });
  for (const sub of cmd.commands) pointToHelp(sub, `${path} ${sub.name()}`, correct);
}

/** Resolves to the exit code; never exits the process. */
export async function main(argv: string[], io: Io): Promise<number> {
  // Fast paths without the command tree: the version, and `__complete`, run on every Tab.
  if (argv.length === 1 && ['--version', '-v', '-V', 'version'].includes(argv[0])) {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.OK;
  }
  if (argv[0] === '__complete') {
    const { complete } = await import('./completion/complete.js');
    await complete(argv.slice(1), io, buildProgram, async (...line) =>
      (await import('./line-session.js')).openLineSession(io.env, VERSION, ...line),
    );
    return ExitCode.OK;
  }
  const output = watchOutput(io);
  try {
    const program = await buildProgram(io);
    if (argv.length === 0) {
      program.outputHelp();
      return ExitCode.OK;
    }
    await program.parseAsync(argv, { from: 'user' });
    // stdout to a full disk: never exit 0 for output that was lost.
    const lost = output.failure();
    if (lost) return await reportError(lost, io, argv.includes('--debug'), lost);
    return ExitCode.OK;
  } catch (err) {
    return await reportError(err, io, argv.includes('--debug'), output.failure());
  } finally {
    output.stop();
  }
}

async function reportError(err: unknown, io: Io, debug: boolean, outputError?: Error): Promise<number> {
  const { CommanderError } = await import('commander');
  if (err instanceof CommanderError) {
    // Commander has already printed its message on stderr.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return ExitCode.OK;
    return ExitCode.USAGE;
  }
  if (err instanceof MasgError) {
    if (wasReported(err)) return err.exitCode;
    const [{ messageWidth, wrapTo }, { sanitizeLines }] = await Promise.all([import('./output/wrap.js'), import('./output/sanitize.js')]);
    const width = messageWidth(io.stderr, io.env);
    // Messages may quote service text (names): data, never terminal control.
    io.stderr.write(`${wrapTo(`masg: ${sanitizeLines(err.message)}`, width, 2)}\n`);
    if (err.hint) io.stderr.write(`${wrapTo(sanitizeLines(err.hint).replace(/^/gm, '  '), width)}\n`);
    if (debug && err.exitCode === ExitCode.INTERNAL && err.stack) io.stderr.write(`${err.stack}\n`);
    return err.exitCode;
  }
  // A file-system failure no command named still exits 7 with the file, never "internal error".
  const { localIOError } = await import('./core/local-io.js');
  const named = (err as { path?: unknown } | null)?.path;
  const path = typeof named === 'string' ? named : err === outputError ? 'standard output' : undefined;
  const local = path === undefined ? undefined : localIOError(err, path);
  if (local) {
    io.stderr.write(`masg: ${local.message}\n`);
    if (local.hint) io.stderr.write(`${local.hint.replace(/^/gm, '  ')}\n`);
    return local.exitCode;
  }
  if (io.signal.aborted) {
    io.stderr.write('masg: interrupted\n');
    return ExitCode.INTERRUPTED;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  io.stderr.write(`masg: internal error: ${(await import('./output/sanitize.js')).sanitizeLines(e.message)}\n`);
  io.stderr.write(debug ? `${e.stack}\n` : 'Run again with --debug for details, and report it if it persists.\n');
  return ExitCode.INTERNAL;
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
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    process.exit(code);
  });
}

/** Resolves once everything written so far has been handed to the OS (or the stream failed). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

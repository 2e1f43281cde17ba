// The commander program: the global options, the commands a command line needs, and what an
// error becomes. Loaded only when argv needs it: the version and plain help answer without it (cli.ts).
import { Command, CommanderError, Option } from 'commander';
import type { Io } from './core/io.js';
import { SECTIONS, declareSection, sectionOf } from './commands/registry.js';
import { choiceParser, correctSuggestion } from './command-kit/suggest.js';
import { formatHelp } from './help/format.js';
import { setExamples } from './help/metadata.js';
import { sanitizeLines } from './output/sanitize.js';
import { messageWidth, textWidth, wrapTo } from './output/wrap.js';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS, MAX_RETRIES } from './config/defaults.js';
import { ExitCode, MasgError, UsageError, wasReported } from './core/errors.js';
import { localIOError } from './core/local-io.js';

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
function addGlobalOptions(program: Command): Command {
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

/**
 * The command the command line names (its first word once commander has read the global
 * options, on a root that declares them alone), or undefined: no word, or options that do not
 * parse (the whole program then answers, with commander's own message).
 */
function commandWord(argv: readonly string[]): string | undefined {
  try {
    return addGlobalOptions(new Command().exitOverride()).parseOptions([...argv]).operands[0];
  } catch {
    return undefined;
  }
}

/**
 * With `argv`, the section of commands its first word names is declared alone (commands/registry.ts);
 * without it, or for a word that names none (help, an unknown command), every command is, for
 * help, Tab's generator, the docs and commander's messages. A handler is imported only when its
 * command runs (commands/registry.ts).
 */
export async function buildProgram(io: Io, version: string, argv?: readonly string[]): Promise<Command> {
  const program = new Command('masg')
    .description('Manage publications, ad slots, advertisers and campaigns of the masg ad service, and export statistics.')
    .version(version, '-v, --version', 'print the version (also: masg version)')
    .helpOption('-h, --help', 'show help');
  addGlobalOptions(program)
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
    io.stdout.write(`${version}\n`);
    throw new CommanderError(0, 'commander.version', version);
  });
  const named = argv === undefined ? undefined : sectionOf(commandWord(argv));
  // `masg help …` offers every command's name to Tab and finds any: declared, and imported, only
  // with all of them, like a section.
  const [help, ...sections] = await Promise.all([
    named ? undefined : import('./help/command.js'),
    ...(named ? [named] : SECTIONS).map((s) => s.load()),
  ]);
  for (const section of sections) declareSection(program, section, io, version);
  help?.registerHelp(program, io);

  const versionCommand = program
    .command('version')
    .description('Print the version of masg')
    .action(() => void io.stdout.write(`${version}\n`));
  setExamples(versionCommand, ['masg version', 'masg -v']);
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

/** Prints what went wrong (never a secret, a stack trace only with --debug) and resolves to the exit code. */
export function reportError(err: unknown, io: Io, debug: boolean, outputError?: Error): number {
  if (err instanceof CommanderError) {
    // Commander has already printed its message on stderr.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return ExitCode.OK;
    return ExitCode.USAGE;
  }
  if (err instanceof MasgError) {
    if (wasReported(err)) return err.exitCode;
    const width = messageWidth(io.stderr, io.env);
    // Messages may quote service text (names): data, never terminal control.
    io.stderr.write(`${wrapTo(`masg: ${sanitizeLines(err.message)}`, width, 2)}\n`);
    if (err.hint) io.stderr.write(`${wrapTo(sanitizeLines(err.hint).replace(/^/gm, '  '), width)}\n`);
    if (debug && err.exitCode === ExitCode.INTERNAL && err.stack) io.stderr.write(`${err.stack}\n`);
    return err.exitCode;
  }
  // A file-system failure no command named still exits 7 with the file, never "internal error".
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
  io.stderr.write(`masg: internal error: ${sanitizeLines(e.message)}\n`);
  io.stderr.write(debug ? `${e.stack}\n` : 'Run again with --debug for details, and report it if it persists.\n');
  return ExitCode.INTERNAL;
}

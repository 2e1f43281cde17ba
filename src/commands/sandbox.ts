import { UsageError } from '../core/errors.js';
import { defineTopCommand } from '../command-kit/define.js';

export interface SandboxOptions {
  port?: string;
  host?: string;
  data?: string;
  seed?: string;
  latency?: string;
  faults?: string;
  scale?: string;
  accounts?: string;
  log?: boolean;
  reset?: boolean;
}

export const sandbox = defineTopCommand<SandboxOptions>({
  name: 'sandbox',
  configure: (cmd) =>
    cmd
      .option('--port <n>', 'port to listen on (default: a free one)')
      .option('--host <address>', 'address to listen on', '127.0.0.1')
      .option('--data <file>', 'JSON file that keeps the state between runs (default: in memory)')
      .option('--seed <n>', 'seed of the demo data and statistics (an existing --data file keeps its own)', '1')
      .option('--latency <ms>', 'added latency per request, e.g. 200 or 100-800')
      .option(
        '--faults <spec>',
        'inject faults: KIND=probability,… with KIND one of drop, reset, 503, 429, 502 (request not applied) or ' +
          'drop-after, 500, truncate, malformed (applied), drop-tags (applied without tags, as production); also latency=MS|MIN-MAX, retry-after=S, seed=N, path=SUBSTRING. ' +
          'e.g. 503=0.2,429=0.1,drop-after=0.05',
      )
      .option('--scale <PxS[xC]>', 'benchmark data: P publications × S ad slots each (× C countries, default 40), e.g. 2000x5')
      .option(
        '--accounts <n>',
        'also serve N generated accounts (acct-01@sandbox.masg.test …), each with its own data and time zone, for many-account runs',
      )
      .option('--log', 'print one line per request (time, method, path, status, ms, fault); the default on a terminal')
      .option('--no-log', 'do not print a line per request')
      .option(
        '--reset',
        "delete the sandbox state and exit: the --data file if given, else --sandbox's state (<config dir>/sandbox/state.json); " +
          'the next start creates fresh demo data',
      ),
  examples: [
    'masg sandbox --port 8080 --data ./sandbox.json',
    'masg sandbox --faults 503=0.2,429=0.1 --latency 100-800',
    'masg sandbox --accounts 10   # ten more accounts, Pacific/Kiritimati, America/Los_Angeles, …',
    'masg sandbox --reset   # start --sandbox over with fresh demo data',
    'MASG_BASE_URL=http://127.0.0.1:8080 MASG_EMAIL=demo@sandbox.masg.test MASG_DEVELOPER_KEY=demo-developer-key MASG_TIMEZONE=America/New_York masg pub list   # in another terminal',
  ],
  async run(ctx, opts) {
    if (opts.reset) {
      const [path, { resetState }] = await Promise.all([import('node:path'), import('../sandbox/cli.js')]);
      const file = opts.data ?? path.join(ctx.configDir, 'sandbox', 'state.json');
      ctx.io.stderr.write(`${resetState(file, opts.data ? '--data file' : '--sandbox state', !opts.data)}\n`);
      return { kind: 'done' };
    }
    const { runSandboxCommand } = await import('../sandbox/cli.js');
    try {
      await runSandboxCommand(opts, {
        stdout: ctx.io.stdout,
        stderr: ctx.io.stderr,
        signal: ctx.io.signal,
        quiet: Boolean(ctx.globals.quiet),
      });
    } catch (err) {
      throw listenError(err, opts) ?? err;
    }
    return { kind: 'done' };
  },
});

/** A port or address that cannot be listened on is the command line's to change, not a bug (exit 1). */
function listenError(err: unknown, opts: SandboxOptions): UsageError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const where = `${opts.host ?? '127.0.0.1'}:${opts.port ?? 0}`;
  if (code === 'EADDRINUSE') {
    return new UsageError(`--port ${opts.port}: ${where} is already in use (another masg sandbox, or another server).`, {
      field: '--port',
      hint: 'Stop what is listening there, choose another --port, or leave --port out for a free one.',
    });
  }
  if (code === 'EACCES')
    return new UsageError(`--port ${opts.port}: not allowed to listen on ${where}.`, {
      field: '--port',
      hint: 'Ports below 1024 need privileges: choose a port from 1024 up.',
    });
  if (code === 'ENOTFOUND')
    return new UsageError(`--host ${opts.host}: no such host name.`, {
      field: '--host',
      hint: 'Use 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface.',
    });
  if (code === 'EADDRNOTAVAIL')
    return new UsageError(`--host ${opts.host}: not an address of this machine.`, {
      field: '--host',
      hint: 'Use 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface.',
    });
  return undefined;
}

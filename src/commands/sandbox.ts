import { UsageError } from '../core/errors.js';
import { defineCommand } from '../command-kit/define.js';
import { resetState, runSandboxCommand } from '../sandbox/cli.js';

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

export const sandbox = defineCommand<SandboxOptions>({
  async run(ctx, opts) {
    if (opts.reset) {
      const path = await import('node:path');
      const file = opts.data ?? path.join(ctx.configDir, 'sandbox', 'state.json');
      ctx.io.stderr.write(`${resetState(file, opts.data ? '--data file' : '--sandbox state', !opts.data)}\n`);
      return { kind: 'done' };
    }
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

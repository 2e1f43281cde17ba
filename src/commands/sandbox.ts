import { defineCommand } from './define.js';

export interface SandboxOptions {
  port?: string;
  host?: string;
  data?: string;
  seed?: string;
  latency?: string;
  faults?: string;
  scale?: string;
}

export const sandbox = defineCommand<SandboxOptions>({
  name: 'sandbox',
  summary: 'Run the local sandbox service in the foreground (Ctrl-C stops it)',
  configure: (cmd) =>
    cmd
      .option('--port <n>', 'port to listen on (default: a free one)')
      .option('--host <address>', 'address to listen on', '127.0.0.1')
      .option('--data <file>', 'JSON file that keeps the state between runs (default: in memory)')
      .option('--seed <n>', 'seed of the demo data and statistics', '1')
      .option('--latency <ms>', 'added latency per request, e.g. 200 or 100-800')
      .option('--faults <spec>', 'inject faults, e.g. 503=0.2,429=0.1,drop=0.05,truncate=0.05')
      .option('--scale <PxS>', 'benchmark data: P publications × S ad slots each, e.g. 2000x5'),
  examples: [
    'masg sandbox --port 8080 --data ./sandbox.json',
    'masg sandbox --faults 503=0.2,429=0.1 --latency 100-800',
    'MASG_BASE_URL=http://127.0.0.1:8080 masg pub list   # in another terminal',
  ],
  async run(ctx, opts) {
    const { runSandboxCommand } = await import('../sandbox/cli.js');
    await runSandboxCommand(opts, { stdout: ctx.io.stdout, stderr: ctx.io.stderr, signal: ctx.io.signal });
    return { kind: 'done' };
  },
});

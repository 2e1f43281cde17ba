// `node dist/sandbox/main.js [options of masg sandbox]`, for tests that need a killable process.

import { parseArgs } from 'node:util';
import { runSandboxCommand } from './cli.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    seed: { type: 'string' },
    latency: { type: 'string' },
    faults: { type: 'string' },
    scale: { type: 'string' },
    accounts: { type: 'string' },
    log: { type: 'boolean' },
    'no-log': { type: 'boolean' },
  },
});

const { 'no-log': noLog, ...rest } = values;
const log = noLog ? false : values.log;

runSandboxCommand({ ...rest, log }, { stdout: process.stdout, stderr: process.stderr }).catch((err: unknown) => {
  process.stderr.write(`masg sandbox: ${(err as Error).message}\n`);
  process.exitCode = 2;
});

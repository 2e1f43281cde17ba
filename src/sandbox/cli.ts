// `masg sandbox`: run the sandbox in the foreground until Ctrl-C / SIGTERM / the abort signal.
// Option values arrive as strings from commander (or main.ts) and are checked here.

import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';
import { parseFaults, parseLatency, type FaultSpec, type Latency } from './faults.js';
import { RESTRICTED_ACCOUNT, startSandbox, type SandboxOptions } from './index.js';

export interface SandboxCommandOptions {
  port?: string | number;
  host?: string;
  data?: string;
  seed?: string | number;
  latency?: string | number;
  faults?: string;
  /** PUBLICATIONSxSLOTS[xCOUNTRIES], e.g. "2000x5" or "2000x5x40". */
  scale?: string;
}

export interface SandboxCommandIo {
  stdout: Writable;
  stderr: Writable;
  signal?: AbortSignal;
}

function wholeNumber(flag: string, value: string | number, max = Number.MAX_SAFE_INTEGER): number {
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`${flag} must be a whole number${max < 1e9 ? ` up to ${max}` : ''}, got "${value}"`, { field: flag });
  return Number(text);
}

function option<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${flag}: ${(err as Error).message}`, { field: flag, hint: flag === '--faults' ? 'Example: --faults 503=0.2,429=0.1,drop=0.05,truncate=0.05' : undefined });
  }
}

export function sandboxOptions(o: SandboxCommandOptions): SandboxOptions {
  const scale = o.scale === undefined ? undefined : option('--scale', () => {
    const m = /^(\d+)x(\d+)(?:x(\d+))?$/.exec(o.scale!.trim());
    if (!m) throw new Error(`expected PUBLICATIONSxSLOTS[xCOUNTRIES], e.g. 2000x5, got "${o.scale}"`);
    return { publications: Number(m[1]), slotsPerPublication: Number(m[2]), ...(m[3] ? { countries: Number(m[3]) } : {}) };
  });
  return {
    host: o.host ?? '127.0.0.1',
    port: o.port === undefined ? 0 : wholeNumber('--port', o.port, 65535),
    dataFile: o.data,
    seed: o.seed === undefined ? 1 : wholeNumber('--seed', o.seed),
    latencyMs: o.latency === undefined ? undefined : option<Latency>('--latency', () => parseLatency(String(o.latency))),
    faults: o.faults === undefined ? undefined : option<FaultSpec>('--faults', () => parseFaults(o.faults!)),
    scale,
  };
}

export async function runSandboxCommand(o: SandboxCommandOptions, io: SandboxCommandIo): Promise<void> {
  const opts = sandboxOptions(o);
  const sandbox = await startSandbox(opts);
  const { url, demo, other } = sandbox;
  io.stdout.write(
    `masg sandbox listening on ${url}\n` +
    `  state:          ${opts.dataFile ?? 'in memory (use --data FILE to keep it)'}\n` +
    `  demo account:   ${demo.email}  key: ${demo.key}\n` +
    `  second account: ${other.email}  key: ${other.key}\n` +
    `  (${RESTRICTED_ACCOUNT.email} always gets error 1004)\n\n` +
    `Try:\n  curl -u '${demo.email}:${demo.key}' ${url}/publication/list.xml\n\n` +
    `Or with masg, in another terminal:\n  MASG_BASE_URL=${url} MASG_EMAIL=${demo.email} MASG_DEVELOPER_KEY=${demo.key} masg pub list\n\n` +
    `Press Ctrl-C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.signal?.removeEventListener('abort', stop);
      resolve();
    };
    if (io.signal?.aborted) return stop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    io.signal?.addEventListener('abort', stop, { once: true });
  });
  await sandbox.close();
  io.stderr.write('masg sandbox stopped.\n');
}

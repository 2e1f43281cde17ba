// `masg sandbox`: the sandbox in the foreground until Ctrl-C, SIGTERM or the abort signal.

import { rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { LocalIOError, UsageError } from '../core/errors.js';
import { parseFaults, parseLatency, type FaultSpec, type Latency } from './faults.js';
import { MAX_ACCOUNTS, RESTRICTED_ACCOUNT, startSandbox, type SandboxAccountInfo, type SandboxOptions } from './index.js';
import { loadState } from './persist.js';
import { describeFaults, describeLatency, exposureWarning, requestLine } from './watch.js';

export interface SandboxCommandOptions {
  port?: string | number;
  host?: string;
  data?: string;
  seed?: string | number;
  latency?: string | number;
  faults?: string;
  /** PUBLICATIONSxSLOTS[xCOUNTRIES], e.g. "2000x5" or "2000x5x40". */
  scale?: string;
  /** How many generated accounts to serve beside the demo ones (1-1000). */
  accounts?: string | number;
  /** Request lines on stdout; undefined = when stdout is a terminal. */
  log?: boolean;
}

export interface SandboxCommandIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  signal?: AbortSignal;
  quiet?: boolean;
}

function wholeNumber(flag: string, value: string | number, max = Number.MAX_SAFE_INTEGER): number {
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) > max)
    throw new UsageError(`${flag} must be a whole number${max < 1e9 ? ` up to ${max}` : ''}, got "${value}"`, { field: flag });
  return Number(text);
}

function option<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${flag}: ${(err as Error).message}`, {
      field: flag,
      hint: flag === '--faults' ? 'Example: --faults 503=0.2,429=0.1,drop=0.05,truncate=0.05' : undefined,
    });
  }
}

export function sandboxOptions(o: SandboxCommandOptions): SandboxOptions {
  const scale =
    o.scale === undefined
      ? undefined
      : option('--scale', () => {
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
    ...(o.accounts === undefined ? {} : { accounts: positive('--accounts', o.accounts, MAX_ACCOUNTS) }),
  };
}

function positive(flag: string, value: string | number, max: number): number {
  const n = wholeNumber(flag, value, max);
  if (n === 0) throw new UsageError(`${flag} must be a whole number from 1 to ${max}, got "${value}"`, { field: flag });
  return n;
}

/** The banner's lines for --accounts: the first few in full, the rest follow the same pattern. */
function accountLines(accounts: SandboxAccountInfo[], shown = 12): string {
  const line = (a: SandboxAccountInfo) =>
    `  ${a.name}: ${a.email}  key: ${a.key}  time zone: ${a.timeZone}${a.restricted ? '  (always error 1004)' : ''}\n`;
  const usable = accounts.filter((a) => !a.restricted);
  const more = usable.length - shown;
  return (
    `  ${usable.length} generated account${usable.length === 1 ? '' : 's'}, each with its own data and zone:\n` +
    usable.slice(0, shown).map(line).join('') +
    (more > 0 ? `  … and ${more} more: acct-NN@sandbox.masg.test, key acct-NN-developer-key\n` : '') +
    accounts
      .filter((a) => a.restricted)
      .map(line)
      .join('')
  );
}

export async function runSandboxCommand(o: SandboxCommandOptions, io: SandboxCommandIo): Promise<void> {
  const opts = sandboxOptions(o);
  const log = o.log ?? (Boolean(io.stdout.isTTY) && !io.quiet);
  if (log) opts.onRequest = (entry, ms) => void io.stdout.write(`${requestLine(entry, ms, new Date())}\n`);
  const sandbox = await startSandbox(opts);
  const { url, demo, other } = sandbox;
  const warning = exposureWarning(opts.host ?? '127.0.0.1');
  if (warning) io.stderr.write(warning);
  io.stdout.write(
    `masg sandbox listening on ${url}\n` +
      `  state:          ${opts.dataFile ?? 'in memory (use --data FILE to keep it)'}\n` +
      `  faults:         ${describeFaults(opts.faults)}\n` +
      `  latency:        ${describeLatency(opts.latencyMs ?? opts.faults?.latencyMs)}\n` +
      `  demo account:   ${demo.email}  key: ${demo.key}  time zone: ${demo.timezone}\n` +
      `  second account: ${other.email}  key: ${other.key}  time zone: ${other.timezone}\n` +
      (o.accounts === undefined ? `  (${RESTRICTED_ACCOUNT.email} always gets error 1004)\n` : accountLines(sandbox.accounts)) +
      '\n' +
      `Try:\n  curl -u '${demo.email}:${demo.key}' ${url}/publication/list.xml\n\n` +
      `Or with masg, in another terminal:\n  MASG_BASE_URL=${url} MASG_EMAIL=${demo.email} MASG_DEVELOPER_KEY=${demo.key} MASG_TIMEZONE=${demo.timezone} masg pub stats --date yesterday\n\n` +
      `${log ? 'Requests are listed below (--no-log to hide them). ' : ''}Press Ctrl-C to stop.\n`,
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

/**
 * `masg sandbox --reset`. A file the user named is deleted only if it is sandbox state, so a typo
 * loses nothing; `ownFile` (--sandbox's) is deleted even when corrupt, the way out of that.
 */
export function resetState(file: string, what: string, ownFile = false): string {
  let state: unknown;
  try {
    state = loadState(file);
  } catch (err) {
    if (err instanceof LocalIOError) throw err;
    const errno = (err as NodeJS.ErrnoException).code;
    if (errno) throw new LocalIOError(`${what} ${file}: ${(err as Error).message}`, { path: file, errno, cause: err });
    if (ownFile) state = {};
    else
      throw new UsageError(`${what} ${file} is not a masg sandbox data file; left as it is.`, {
        field: '--data',
        hint: 'Check the path: --reset only deletes files the sandbox wrote.',
      });
  }
  if (state === undefined) return `masg sandbox: nothing to reset, ${file} does not exist (the next start creates fresh demo data).`;
  try {
    rmSync(file);
  } catch (err) {
    throw new LocalIOError(`${what} ${file}: could not delete it: ${(err as Error).message}`, {
      path: file,
      errno: (err as NodeJS.ErrnoException).code,
      cause: err,
    });
  }
  return `masg sandbox: deleted the ${what} ${file}; the next start creates fresh demo data.`;
}

// In-process command tests against the sandbox over real HTTP on 127.0.0.1:0. One sandbox per
// test file (in memory, fixed clock); masg is pointed at it through the environment, exactly as a
// cron job would be, with a temporary config dir so no real profile is ever read or written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions, type SandboxRequestLog } from '../../src/sandbox/index.js';
import { runCli, type CliOptions, type CliRun } from '../helpers/cli.js';

const made: string[] = [];

/** A fresh temporary directory, removed by `removeTempDirs()` (call it in afterAll). */
export function tempDir(prefix = 'masg-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The sandbox's clock in tests: fixed, so demo data and statistics never depend on the day. */
export const NOW = new Date('2024-06-15T12:34:00Z');

export interface Harness {
  sandbox: Sandbox;
  configDir: string;
  /** Environment that points masg at the sandbox with the demo account. */
  env: Record<string, string>;
  /** Runs masg in-process; `env` entries are merged over the harness's (undefined removes one). */
  masg(argv: string[], opts?: CliOptions): Promise<CliRun>;
  /** Requests the sandbox received since the last `mark()` (or since start). */
  sent(): SandboxRequestLog[];
  /** Forget earlier requests: what `sent()` returns from now on is this test's. */
  mark(): void;
  close(): Promise<void>;
}

export async function startHarness(opts: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, now: () => NOW, ...opts });
  const configDir = tempDir('masg-cmd-');
  const env = {
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    MASG_CONFIG_DIR: configDir,
  };
  let seen = sandbox.requests.length;
  return {
    sandbox,
    configDir,
    env,
    masg: (argv, o = {}) => runCli(argv, { ...o, env: { ...env, ...o.env } }),
    sent: () => sandbox.requests.slice(seen),
    mark: () => void (seen = sandbox.requests.length),
    close: async () => {
      await sandbox.close();
      // Only this harness's own folder: other harnesses of the same file may still be running.
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** method, path and parameters of each request: what the assertions compare. */
export function calls(log: SandboxRequestLog[]): Array<[string, string, Record<string, string>]> {
  return log.map((r) => [r.method, r.path, r.params]);
}

/** The run succeeded with nothing on stderr (data only on stdout). */
export function expectOk(run: CliRun): CliRun {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run;
}

/** Parses CSV the way a script would (the real csv-parse, not a regex). */
export async function parseCsv(text: string, delimiter = ','): Promise<string[][]> {
  const { parse } = await import('csv-parse/sync');
  return parse(text, { delimiter, relax_quotes: false }) as string[][];
}

/** The demo data's IDs by name, read through masg itself (-o json). */
export async function demo(h: Harness): Promise<{
  pubs: Record<string, Record<string, string>>;
  slots: Record<string, Record<string, string>>;
  advertisers: Record<string, Record<string, string>>;
}> {
  const byName = (rows: Array<Record<string, string>>) => Object.fromEntries(rows.map((r) => [r.name, r]));
  const read = async (argv: string[]) => JSON.parse(expectOk(await h.masg([...argv, '-o', 'json'])).stdout);
  const [pubs, slots, advertisers] = [await read(['pub', 'list']), await read(['slot', 'list']), await read(['adv', 'list'])];
  return { pubs: byName(pubs), slots: byName(slots), advertisers: byName(advertisers) };
}

export type DemoIds = Awaited<ReturnType<typeof demo>>;

/**
 * The usual lifecycle of a command test file: one sandbox with the demo data for the file, the
 * request log marked before each test, faults cleared and temporary dirs removed afterwards.
 * `ready` receives the harness and the demo IDs once the sandbox is up.
 */
export function useHarness(ready: (h: Harness, ids: DemoIds) => void, opts: SandboxOptions = {}): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness(opts);
    ready(h, await demo(h));
  });
  afterAll(async () => {
    await h?.close();
    removeTempDirs();
  });
  beforeEach(() => h!.mark());
  afterEach(() => h!.sandbox.setFaults(undefined));
}

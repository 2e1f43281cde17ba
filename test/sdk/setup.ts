// Shared by the SDK tests: the public sandbox on 127.0.0.1 port 0 and a client of its demo
// account, built from the package's public entry points only (src/index.ts, src/sandbox/public.ts).
import { afterAll, beforeAll, vi } from 'vitest';
import { createClient, type ClientOptions, type MasgClient } from '../../src/index.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/public.js';

export interface Harness {
  sb: RunningSandbox;
  client: MasgClient;
  /** Another client of the same sandbox (demo account unless told). */
  make(extra?: Partial<ClientOptions>): MasgClient;
  /** Requests received since the mark (for "nothing was sent"). */
  mark(): () => readonly RunningSandbox['requests'][number][];
}

export function useSandbox(opts: SandboxOptions = {}): Harness {
  const h = {} as Harness;
  const made: MasgClient[] = [];
  beforeAll(async () => {
    h.sb = await startSandbox(opts);
    h.make = (extra = {}) => {
      const c = createClient({ baseUrl: h.sb.baseUrl, ...h.sb.accounts.demo, retries: 0, ...extra });
      made.push(c);
      return c;
    };
    h.client = h.make();
    h.mark = () => {
      const from = h.sb.requests.length;
      return () => h.sb.requests.slice(from);
    };
  });
  afterAll(async () => {
    for (const c of made) await c.close();
    await h.sb?.close();
  });
  return h;
}

const CONSOLE = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Runs `fn` with process.stdout/stderr.write and the console methods spied on (vitest routes
 * `console.*` past process.stderr.write, so both are watched); returns its result and what was written.
 */
export async function watchingOutput<T>(fn: () => Promise<T>): Promise<{ result: T | undefined; error: unknown; writes: string[] }> {
  const out = vi.spyOn(process.stdout, 'write');
  const err = vi.spyOn(process.stderr, 'write');
  const cons = CONSOLE.map((m) => vi.spyOn(console, m));
  let result: T | undefined;
  let error: unknown;
  let writes: string[];
  try {
    result = await fn();
  } catch (e) {
    error = e;
  } finally {
    // Read before restoring: restoring also clears the recorded calls.
    writes = [out, err, ...cons].flatMap((spy) => spy.mock.calls.map((c: unknown[]) => String(c[0])));
    for (const spy of [out, err, ...cons]) spy.mockRestore();
  }
  return { result, error, writes };
}

/** The rejection of a promise (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(v)}`);
    },
    (e: unknown) => e,
  );
}

// The CLI's SDK client: made by the SDK's own openClient (src/sdk/client.ts), with what the
// command line adds: the proxy from the environment, --debug and retry notices on stderr, the
// connection cap of --concurrency, --deadline for the whole command, the wait indicator and the
// ID cache's trimming. Every value comes resolved from the flags (src/cli.ts applies the defaults).
import type { ApiClient, ApiRequest } from '../api/types.js';
import { MasgError } from '../core/errors.js';
import { proxyFromEnv, proxySecrets } from '../api/proxy.js';
import { createRedactor } from '../core/redact.js';
import type { Io } from '../core/io.js';
import type { Ui } from '../output/ui.js';
import { openClient } from '../sdk/client.js';
import type { MasgClient } from '../sdk/types.js';

export interface ConnectionFlags {
  sandbox?: boolean;
  quiet?: boolean;
  debug?: boolean;
  /** Seconds. */
  timeout: number;
  /** Seconds; undefined: the transport's default. */
  connectTimeout?: number;
  retries: number;
  /** Seconds for the whole command; undefined = none. */
  deadline?: number;
  /** A command's own --concurrency: caps the connections. */
  concurrency?: string;
  dryRun?: boolean;
}

export interface Shell {
  io: Io;
  version: string;
  flags: ConnectionFlags;
  /** Values redacted from every line; the proxy's password is added here. */
  secrets: string[];
  /** The Ui, when a person at a terminal is to be told why masg waits. */
  ui(): Promise<Ui>;
  onClose(fn: () => Promise<void>): void;
  /** Wraps each call's transport (the ID cache's trimming). */
  wrap?: (client: ApiClient) => ApiClient;
}

export async function openCliClient(
  creds: { email: string; key: string; baseUrl: string; timezone?: string },
  shell: Shell,
): Promise<MasgClient> {
  const { io, flags: f } = shell;
  // The embedded sandbox is in this process: a proxy could not reach its loopback port anyway.
  const proxy = f.sandbox ? undefined : proxyFromEnv(io.env);
  shell.secrets.push(...proxySecrets(proxy));
  const redact = createRedactor(shell.secrets);
  // A person at a terminal is told why masg waits; --debug already says so, cron (no TTY) is not chatted at.
  const ui = io.stderr.isTTY && !f.quiet && !f.debug ? await shell.ui() : undefined;
  const waiting = ui && (await import('../output/ui.js')).withWaitIndicator;
  const client = openClient(
    {
      baseUrl: creds.baseUrl,
      email: creds.email,
      key: creds.key,
      timeZone: creds.timezone,
      userAgent: `masg/${shell.version}`,
      timeoutMs: f.timeout * 1000,
      connectTimeoutMs: f.connectTimeout === undefined ? undefined : f.connectTimeout * 1000,
      retries: f.retries,
      deadlineMs: f.deadline === undefined ? undefined : f.deadline * 1000,
      signal: io.signal,
      onDebug: f.debug ? (line: string) => void io.stderr.write(`${redact(line)}\n`) : undefined,
    },
    {
      proxy,
      maxConnections: connectionsFor(f.concurrency),
      deadlineAt: f.deadline === undefined ? undefined : performance.now() + f.deadline * 1000,
      notice: ui ? (line: string) => ui.notice(`masg: ${redact(line)}`) : undefined,
      wrap: (call) => {
        const guarded = f.dryRun ? refusingChanges(call) : call;
        const noted = shell.wrap ? shell.wrap(guarded) : guarded;
        // The one place a wait for the service is shown (a spinner after 300 ms): only on a
        // terminal, never with --quiet or --debug (same condition as the notices above).
        return ui && waiting ? waiting(noted, ui) : noted;
      },
    },
  );
  shell.onClose(() => client.close());
  return client;
}

/**
 * Under --dry-run a handler describes its changes ({ dryRun: true }) and only reads are sent: a
 * change that reaches the transport anyway is a bug in masg, refused before anything goes out.
 */
function refusingChanges(client: ApiClient): ApiClient {
  const check = (req: ApiRequest) => {
    if (req.method !== 'GET') throw new MasgError(`--dry-run: masg was about to send ${req.method} ${req.path}; nothing was sent.`);
  };
  return {
    ...client,
    request: async (req) => (check(req), client.request(req)),
    stream: async (req, opts) => (check(req), client.stream(req, opts)),
  };
}

/** --concurrency as a connection cap; the command validates the value itself (parseConcurrency). */
function connectionsFor(concurrency: string | undefined): number | undefined {
  return concurrency !== undefined && /^\d+$/.test(concurrency) && Number(concurrency) > 0 ? Number(concurrency) : undefined;
}

/**
 * Tab's cached ID lists (src/config/id-cache.ts) go stale when masg itself creates or updates
 * something: each change sent (answered or not: its outcome may be unknown) marks what it
 * touches, and the cache is trimmed once when the command ends, never failing it.
 */
interface CacheTrim {
  /** Wraps one call's transport so that its changes are noted. */
  wrap(client: ApiClient): ApiClient;
}

export function idCacheTrim(configDir: string, label: () => Promise<string>, onClose: (fn: () => Promise<void>) => void): CacheTrim {
  const paths = new Set<string>();
  const note = (req: ApiRequest) => {
    if (req.method === 'GET') return;
    if (paths.size === 0) {
      onClose(async () => {
        const { forget, kindsChangedBy } = await import('../config/id-cache.js');
        await forget(configDir, await label(), [...new Set([...paths].flatMap(kindsChangedBy))]);
      });
    }
    paths.add(req.path);
  };
  return {
    wrap: (client) => ({
      ...client,
      request: (req) => (note(req), client.request(req)),
      stream: (req, opts) => (note(req), client.stream(req, opts)),
    }),
  };
}

// The CLI's client: the SDK's own createClientWithExtras plus what the command line adds (proxy, --debug,
// notices, connection cap, whole-command deadline, wait indicator, ID-cache trimming).
import type { Transport, ApiRequest } from '../transport/types.js';
import { MasgError } from '../core/errors.js';
import { proxyFromEnv, proxySecrets } from '../transport/proxy.js';
import { redactorOf } from '../core/redact.js';
import type { Io } from '../core/io.js';
import type { Ui } from '../output/ui.js';
import { createClientWithExtras } from '../sdk/client.js';
import type { ClientOptions, MasgClient } from '../sdk/types.js';
import { terminalView } from '../output/sanitize.js';
import { withWaitIndicator } from '../output/ui.js';
import { cacheLabel, forget, kindsChangedBy } from '../config/id-cache.js';

export interface ConnectionFlags {
  profile?: string;
  sandbox?: boolean;
  quiet?: boolean;
  debug?: boolean;
  /** Seconds, like connectTimeout and deadline (the whole command's). */
  timeout: number;
  connectTimeout?: number;
  retries: number;
  deadline?: number;
  /** A command's own --concurrency (optsWithGlobals()), parsed by commander: caps the connections. */
  concurrency?: number;
  dryRun?: boolean;
}

export interface Shell {
  io: Io;
  version: string;
  configDir: string;
  flags: ConnectionFlags;
  /** The whole command's --deadline instant (the Context's). */
  deadlineAt?: number;
  secrets: string[];
  ui(): Promise<Ui>;
  onClose(fn: () => Promise<void>): void;
}

/**
 * What the client of one account of several is given by forEachAccount: its HostGates and signal,
 * its share of the connections, and its name for --debug lines.
 */
export type SharedParts = Pick<ClientOptions, 'hostGates' | 'signal'> & { connections?: number; name?: string };

export async function openCliClient(
  creds: { email: string; key: string; baseUrl: string; timezone?: string },
  shell: Shell,
  shared: SharedParts = {},
): Promise<MasgClient> {
  const { io, flags: f } = shell;
  // The embedded sandbox is in this process: a proxy could not reach its loopback port anyway.
  const proxy = f.sandbox ? undefined : proxyFromEnv(io.env);
  shell.secrets.push(...proxySecrets(proxy));
  const redact = redactorOf(shell.secrets);
  // Only a person at a terminal is told why masg waits; --debug already says so.
  const ui = io.stderr.isTTY && !f.quiet && !f.debug ? await shell.ui() : undefined;
  const waiting = ui && withWaitIndicator;
  const trim = idCacheTrim(shell);
  const client = createClientWithExtras(
    {
      baseUrl: creds.baseUrl,
      email: creds.email,
      key: creds.key,
      timeZone: creds.timezone,
      userAgent: `masg/${shell.version}`,
      timeoutMs: f.timeout * 1000,
      connectTimeoutMs: f.connectTimeout === undefined ? undefined : f.connectTimeout * 1000,
      retries: f.retries,
      // What a deadline's message names; the instant itself is the command's (deadlineAt below).
      deadlineMs: f.deadline === undefined ? undefined : f.deadline * 1000,
      signal: shared.signal ?? io.signal,
      hostGates: shared.hostGates,
      // Bodies quote service text: on a terminal its control characters show as \uXXXX.
      onDebug: f.debug ? debugLine(io, redact, shared.name) : undefined,
    },
    {
      proxy,
      maxConnections: shared.connections ?? f.concurrency,
      deadlineAt: shell.deadlineAt,
      notice: ui ? (line: string) => ui.notice(`masg: ${redact(line)}`) : undefined,
      wrap: (call) => {
        const guarded = f.dryRun ? refusingChanges(call) : call;
        const noted = trim(guarded);
        return ui && waiting ? waiting(noted, ui) : noted;
      },
    },
  );
  shell.onClose(() => client.close());
  return client;
}

/** --debug's lines on stderr, redacted; with several accounts each says whose it is. */
function debugLine(io: Io, redact: (text: string) => string, name: string | undefined): (line: string) => void {
  const show = terminalView(io.stderr);
  const prefix = name === undefined ? '' : `[${name}] `;
  return (line) => void io.stderr.write(`${show(redact(prefix + line))}\n`);
}

/** Under --dry-run only reads are sent: a change reaching the transport is a bug, refused unsent. */
function refusingChanges(client: Transport): Transport {
  const check = (req: ApiRequest) => {
    if (req.method !== 'GET') throw new MasgError(`--dry-run: masg was about to send ${req.method} ${req.path}; nothing was sent.`);
  };
  return {
    ...client,
    request: async (req) => (check(req), client.request(req)),
    stream: async (req, opts) => (check(req), client.stream(req, opts)),
  };
}

/** Tab's cached IDs go stale with each change sent (even unanswered): trimmed once at the end. */
function idCacheTrim(shell: Shell): (client: Transport) => Transport {
  const paths = new Set<string>();
  const note = (req: ApiRequest) => {
    if (req.method === 'GET') return;
    if (paths.size === 0) {
      shell.onClose(async () => {
        const label = cacheLabel(shell.flags, shell.io.env);
        await forget(shell.configDir, label, [...new Set([...paths].flatMap(kindsChangedBy))]);
      });
    }
    paths.add(req.path);
  };
  return (client) => ({
    ...client,
    request: (req) => (note(req), client.request(req)),
    stream: (req, opts) => (note(req), client.stream(req, opts)),
  });
}

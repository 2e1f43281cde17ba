// What the clients of several accounts share in one CLI command (a read with --all-profiles,
// `masg sync` and `masg pulse` over several profiles): one connection pool for all of them,
// through HTTP_PROXY when it is set, with at most --concurrency connections per host; and, for
// clients the SDK builds (sync, pulse), the command line's client settings. One place, so the
// three commands' requests cannot drift apart (a proxy, a user agent or a timeout for some only).
import type { Dispatcher } from 'undici';
import { createRedactor } from '../core/redact.js';
import { proxyFromEnv, proxySecrets } from '../transport/proxy.js';
import { createPool } from '../transport/transport.js';
import type { ClientOptions } from './types.js';

/** The command line's settings, as the CLI's flags give them (seconds). */
export interface AccountsFlags {
  timeout?: number;
  connectTimeout?: number;
  retries: number;
  /** The whole command's --deadline: each client's requests and retries stop by then. */
  deadline?: number;
}

export interface AccountsPool {
  dispatcher: Dispatcher;
  /** Every account's client settings: the pool, timeouts, retries, deadline, user agent, --debug lines. */
  overrides: Partial<ClientOptions>;
  /** Ctrl-C or SIGTERM (`aborted`): the connections are dropped rather than drained. */
  close: (aborted: boolean) => Promise<void>;
}

/** What the command line gives: the CLI's Context and the warehouse's port both are one. */
export interface AccountsShell {
  io: { env: Record<string, string | undefined> };
  /** Redacted from every message: the proxy's password joins them. */
  secrets: string[];
  globals: AccountsFlags;
  /** masg's version, the user agent's. */
  version: string;
}

/**
 * The pool and client settings for several accounts, at most `maxConnections` per host; `debug`,
 * when given, receives each request and response line, redacted.
 */
export function accountsPool(shell: AccountsShell, opts: { maxConnections: number; debug?: (line: string) => void }): AccountsPool {
  const flags = shell.globals;
  const proxy = proxyFromEnv(shell.io.env);
  shell.secrets.push(...proxySecrets(proxy));
  const connectTimeoutMs = flags.connectTimeout === undefined ? undefined : flags.connectTimeout * 1000;
  const dispatcher = createPool({ proxy, connectTimeoutMs, maxConnections: opts.maxConnections });
  const debug = opts.debug;
  const overrides: Partial<ClientOptions> = {
    dispatcher,
    userAgent: `masg/${shell.version}`,
    retries: flags.retries,
    ...(flags.timeout !== undefined && { timeoutMs: flags.timeout * 1000 }),
    ...(connectTimeoutMs !== undefined && { connectTimeoutMs }),
    ...(flags.deadline !== undefined && { deadlineMs: flags.deadline * 1000 }),
    // A redactor per line: secrets that join later (a PostgreSQL password, a notify URL) are redacted too.
    ...(debug && { onDebug: (line: string) => debug(createRedactor(shell.secrets)(line)) }),
  };
  return {
    dispatcher,
    overrides,
    close: (aborted) => (aborted ? dispatcher.destroy() : dispatcher.close()).catch(() => undefined),
  };
}

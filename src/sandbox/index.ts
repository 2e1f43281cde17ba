// The sandbox: a faithful, stateful local implementation of the service (docs/service-notes.md).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, OTHER, RESTRICTED } from './accounts.js';
import { initialState } from './demo.js';
import { Faults, type FaultSpec, type Latency } from './faults.js';
import { MAX_BODY } from './params.js';
import { accountsFor, ensureAccounts, type AccountSpec } from './many.js';
import { RequestLog } from './request-log.js';
import { handle, type RequestListener, type SandboxRequestLog } from './server.js';
import { countries } from './statistics/countries.js';
import { addIncident, reviseDay, type Incident } from './statistics/revise.js';
import { Store } from './store.js';
import type { Account } from './types.js';

export type { FaultKind, FaultSpec, Latency } from './faults.js';
export { FAULT_KINDS, parseFaults, parseLatency } from './faults.js';
export type { RequestListener, SandboxRequestLog } from './server.js';
export type { Incident } from './statistics/revise.js';
export type { AccountSpec } from './many.js';
export { ACCOUNT_ZONES, MAX_ACCOUNTS } from './many.js';
export { DEMO as DEMO_ACCOUNT, OTHER as OTHER_ACCOUNT, RESTRICTED as RESTRICTED_ACCOUNT } from './accounts.js';

export interface SandboxOptions {
  host?: string;
  port?: number;
  /** Omitted = in memory only. */
  dataFile?: string;
  /** Default 1. A data file keeps the seed it was made with. */
  seed?: number;
  demo?: boolean;
  /** Benchmark data instead of the demo publications. */
  scale?: { publications: number; slotsPerPublication: number; countries?: number };
  latencyMs?: Latency;
  faults?: FaultSpec;
  /** Statistics exist only for hours that are over. */
  now?: () => Date;
  /** 'spec': ad slot earnings as a bare decimal, campaign view wrapped. */
  flavor?: 'production' | 'spec';
  /** e.g. "/v1" (clients must keep a base URL's path). */
  basePath?: string;
  /** Default 10,000. */
  requestLogLimit?: number;
  /** Default 32 MiB; oldest go first. */
  requestLogBytes?: number;
  onRequest?: RequestListener;
  /** N generated accounts (acct-01 …), or one spec per account; each with its own zone, data and seed. */
  accounts?: number | readonly AccountSpec[];
}

/** An account's credentials; `name` is what a profile for it would be called. */
export interface SandboxAccountInfo {
  name: string;
  email: string;
  key: string;
  timeZone: string;
  /** Every request answered 1004 (access not allowed from this address). */
  restricted?: true;
}

export interface Sandbox {
  /** No trailing slash. */
  url: string;
  demo: { email: string; key: string; timezone: string };
  other: { email: string; key: string; timezone: string };
  /** With `accounts`: the generated ones, then the restricted one; otherwise demo, other, restricted. */
  accounts: SandboxAccountInfo[];
  requests: SandboxRequestLog[];
  setFaults(spec: FaultSpec | undefined): void;
  /** Every hourly figure of a past local `day` × `factor`, rounded down per hour; factor 1 undoes it. */
  revise(day: string, factor: number): Promise<void>;
  /** A fault in one entity's figures on one day, for `masg pulse` (stats/revise.ts). */
  incident(incident: Incident): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const now = opts.now ?? (() => new Date());
  const seed = opts.seed ?? 1;
  // Checked before a data file is created; then made with the file's own seed.
  if (opts.accounts !== undefined) accountsFor(opts.accounts, seed);
  const create = () => initialState({ seed, now: now(), demo: opts.demo ?? true, scale: opts.scale });
  // Other processes may share the data file: the Store locks, reloads and writes it per change.
  const store = opts.dataFile ? await Store.open(opts.dataFile, create) : new Store(create());
  const generated = opts.accounts === undefined ? [] : await ensureAccounts(store, accountsFor(opts.accounts, store.seed), now());

  const requests: SandboxRequestLog[] = [];
  const faults = new Faults(opts.faults, opts.latencyMs, store.seed);
  const basePath = (opts.basePath ?? '').replace(/\/+$/, '');
  const deps = {
    store,
    faults,
    log: new RequestLog(requests, opts.requestLogLimit ?? 10_000, opts.requestLogBytes ?? 32 * 1024 * 1024),
    onRequest: opts.onRequest,
    now,
    flavor: opts.flavor ?? 'production',
    countries: countries(opts.scale?.countries),
    basePath,
  } as const;
  let closing = false;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Once close() has begun, a keep-alive connection must not outlive its last answer.
    res.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.shouldKeepAlive = false;
    handle(req, res, deps).catch(() => res.destroy());
  };
  const server = createServer(onRequest);
  // Expect: 100-continue with an oversize body: answer 413 before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!(Number(req.headers['content-length']) > MAX_BODY)) res.writeContinue();
    onRequest(req, res);
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}${basePath}`,
    demo: { email: DEMO.email, key: DEMO.key, timezone: DEMO.timeZone },
    other: { email: OTHER.email, key: OTHER.key, timezone: OTHER.timeZone },
    accounts: accountList(opts.accounts === undefined ? [DEMO, OTHER] : generated),
    requests,
    setFaults: (spec) => faults.set(spec),
    revise: async (day, factor) => reviseDay(store, day, factor),
    incident: async (incident) => addIncident(store, incident),
    close: async () => {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 2_000);
      await closed;
      clearTimeout(force);
      await store.flush();
    },
  };
}

function accountList(accounts: readonly Account[]): SandboxAccountInfo[] {
  return [...accounts, RESTRICTED].map((a) => ({
    name: a.email.slice(0, a.email.indexOf('@')),
    email: a.email,
    key: a.key,
    timeZone: a.timeZone,
    ...(a.allowedIps ? { restricted: true as const } : {}),
  }));
}

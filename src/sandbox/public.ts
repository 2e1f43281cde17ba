// `import { startSandbox } from 'masg/sandbox'`: the local service for users' own tests (our
// stripe-mock), handing back credentials in the shape createClient takes.
import { DEMO, OTHER } from './accounts.js';
import { parseFaults, type FaultKind, type FaultSpec, type Latency } from './faults.js';
import { startSandbox as startInternal, type AccountSpec, type SandboxAccountInfo } from './index.js';
import type { SandboxRequestLog } from './server.js';

export type { AccountSpec, FaultKind, FaultSpec, Latency };
export { ACCOUNT_ZONES } from './many.js';

export interface SandboxOptions {
  /** Default 0: a free port (read it from `baseUrl`). */
  port?: number;
  /** Default 127.0.0.1. The demo keys are public: listen beyond loopback only on purpose. */
  host?: string;
  /** Decides the demo IDs and every statistic (default 1): the same seed gives the same data. */
  seed?: number;
  /** Delay of every answer in ms, or [min, max] for a random delay. */
  latency?: Latency;
  /** Faults as objects, or the CLI's text form: "503=0.2,429=0.1,drop=0.05". */
  faults?: FaultSpec | string;
  /** Keep state in this JSON file (created on first start); default: in memory only. */
  dataFile?: string;
  /** The sandbox's clock: statistics exist for hours that are over by then. */
  now?: () => Date;
  /**
   * Many accounts: N generated ones (acct-01@sandbox.masg.test …, zones from ACCOUNT_ZONES:
   * Pacific/Kiritimati, America/Los_Angeles, …), or one spec per account; each has its own data
   * and statistics. Two specs with one `dataSeed` hold the same IDs. The demo accounts stay.
   */
  accounts?: number | readonly AccountSpec[];
}

/** Credentials of a sandbox account, ready to spread into createClient's options. */
export interface SandboxAccount {
  email: string;
  key: string;
  timeZone: string;
}

/** An account of `accounts.list`: `name` is what a profile for it would be called. */
export interface SandboxListedAccount extends SandboxAccount {
  name: string;
  /** Every request is refused with code 1004 (AuthError): the account may not be used from here. */
  restricted?: true;
}

/** One request as the sandbox saw it (never its Authorization header). */
export type SandboxRequest = SandboxRequestLog;

export interface RunningSandbox {
  /** http://127.0.0.1:PORT, no trailing slash. */
  baseUrl: string;
  /** `demo`: the demo data; `other`: a second account (for "belongs to another account" errors). */
  /**
   * `list`: with the `accounts` option, the generated accounts then a restricted one; without it,
   * demo, other, then the restricted one.
   */
  accounts: { demo: SandboxAccount; other: SandboxAccount; list: SandboxListedAccount[] };
  /** The requests received so far, oldest first (the last 10,000). */
  readonly requests: readonly SandboxRequest[];
  /** Replace the faults, e.g. `{ next: ['503'], path: '/publication/list' }`; undefined clears them. */
  setFaults(faults: FaultSpec | string | undefined): void;
  /** Stops listening, waits for in-flight requests and writes pending state. */
  close(): Promise<void>;
}

const toSpec = (f: FaultSpec | string | undefined): FaultSpec | undefined => (typeof f === 'string' ? parseFaults(f) : f);

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const sb = await startInternal({
    host: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    seed: opts.seed,
    latencyMs: opts.latency,
    faults: toSpec(opts.faults),
    dataFile: opts.dataFile,
    now: opts.now,
    accounts: opts.accounts,
  });
  return {
    baseUrl: sb.url,
    accounts: {
      demo: { email: DEMO.email, key: DEMO.key, timeZone: DEMO.timeZone },
      other: { email: OTHER.email, key: OTHER.key, timeZone: OTHER.timeZone },
      list: sb.accounts.map(listed),
    },
    get requests() {
      return sb.requests;
    },
    setFaults: (faults) => sb.setFaults(toSpec(faults)),
    close: () => sb.close(),
  };
}

function listed(a: SandboxAccountInfo): SandboxListedAccount {
  return { name: a.name, email: a.email, key: a.key, timeZone: a.timeZone, ...(a.restricted ? { restricted: true as const } : {}) };
}

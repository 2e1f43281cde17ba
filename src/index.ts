// masg as a library. The CLI never imports it; the SDK loads undici and saxes on first request.
import { createClient as create } from './sdk/client.js';
import { fromProfile, type ProfileOptions } from './sdk/profile.js';
import type { ClientOptions, MasgClient } from './sdk/types.js';

export interface CreateClient {
  (options: ClientOptions): MasgClient;
  /** `createClient(await fromProfile(name, opts))` with `overrides` on top (timeouts, signal, …). */
  fromProfile(name?: string, opts?: ProfileOptions & { overrides?: Partial<ClientOptions> }): Promise<MasgClient>;
}

/** A client of the service: one typed method per endpoint. See docs/sdk.md. */
export const createClient: CreateClient = Object.assign((options: ClientOptions) => create(options), {
  async fromProfile(name?: string, opts: ProfileOptions & { overrides?: Partial<ClientOptions> } = {}): Promise<MasgClient> {
    const resolved = await fromProfile(name, opts);
    return create({ baseUrl: resolved.baseUrl, email: resolved.email, key: resolved.key, timeZone: resolved.timeZone, ...opts.overrides });
  },
});

export { fromProfile, type ProfileClientOptions, type ProfileOptions } from './sdk/profile.js';
export { FieldsNotKeptError } from './sdk/kept.js';
export {
  forEachAccount,
  accountFailure,
  accountStatus,
  accountsExitCode,
  describeAccountResult,
  DEFAULT_ACCOUNT_CONCURRENCY,
  MAX_ACCOUNT_CONCURRENCY,
  type AccountCall,
  type AccountError,
  type AccountFailure,
  type AccountInfo,
  type AccountInput,
  type AccountResult,
  type AccountStatusRecord,
  type AccountSuccess,
  type ForEachAccountOptions,
} from './sdk/accounts.js';
export { profileNames, splitProfileList } from './sdk/profile-names.js';
export { HostGates, type HostGateOptions } from './transport/host-gate.js';
export type * from './sdk/types.js';
export {
  MasgError,
  UsageError,
  ConfigError,
  ApiError,
  AuthError,
  NotAppliedError,
  NetworkError,
  LocalIOError,
  PartialError,
  InterruptedError,
  AlertsFoundError,
  ExitCode,
  type ExitCodeValue,
} from './core/errors.js';
export {
  pulse,
  analysePulse,
  parseRules,
  DEFAULT_RULES,
  type PulseOptions,
  type PulseRules,
  type PulseInput,
  type PulseReport,
  type Finding,
  type RestatementRow,
} from './pulse/index.js';

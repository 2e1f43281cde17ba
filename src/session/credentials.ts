// Whose account a command uses: flags, environment and the profile store, resolved once by
// config/settings.ts; --sandbox starts the embedded service and its demo account wins.
import { resolveSettings } from '../config/settings.js';
import { createMemoryStore } from '../config/memory-store.js';
import { openStore } from '../config/conf-store.js';

export interface Credentials {
  profile: string;
  email: string;
  key: string;
  baseUrl: string;
  keySource: string;
  /** The account's zone (MASG_TIMEZONE, the profile's, the sandbox's); absent when unknown, never the host's. */
  timezone?: string;
  timezoneSource: 'env' | 'profile' | 'sandbox' | 'none';
}

export interface CredentialFlags {
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
}

export async function loadCredentials(
  flags: CredentialFlags,
  env: Record<string, string | undefined>,
  configDir: string,
  onClose: (fn: () => Promise<void>) => void,
): Promise<{ credentials: Credentials; warnings: string[] }> {
  let sandbox: { url: string; email: string; key: string; timezone: string } | undefined;
  if (flags.sandbox) {
    const started = await (await import('./sandbox.js')).startEmbeddedSandbox(configDir);
    onClose(() => started.close());
    sandbox = started;
  }
  // Only the store this run reads is loaded: the sandbox keeps no profiles.
  const store = sandbox ? createMemoryStore() : await openStore(configDir, { env });
  const s = await resolveSettings({ flags: { profile: flags.profile, baseUrl: flags.baseUrl, sandbox }, env, store });
  const { profile, email, key, baseUrl, keySource, timezone, timezoneSource } = s;
  return { credentials: { profile, email, key, baseUrl, keySource, timezone, timezoneSource }, warnings: s.warnings };
}

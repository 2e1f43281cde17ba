// The config layer's public surface; the lock library loads only when a profile changes, so the CLI imports this statically.
export { checkBaseUrl, isLoopbackHost } from './base-url.js';
export { checkEmail, checkProfileName, checkTimezone } from './checks.js';
export { openStore } from './conf-store.js';
export { createMemoryStore } from './memory-store.js';
export {
  resolveProfileName,
  resolveSettings,
  type BaseUrlSource,
  type EmailSource,
  type Env,
  type KeySource,
  type ProfileSource,
  type SandboxAccount,
  type Settings,
  type SettingsFlags,
} from './settings.js';
export { DEFAULT_PROFILE, defaultConfigDir, noProfile, type Profile, type ProfileStore, type ProfileSummary } from './store.js';

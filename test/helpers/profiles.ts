// Saved profiles for a test, as `masg login --profile NAME` leaves them: a config.json in a fresh
// MASG_CONFIG_DIR, and a masg that runs with them alone (no MASG_EMAIL, MASG_DEVELOPER_KEY or
// MASG_BASE_URL from the harness: they would stand for every profile).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, type CliOptions, type CliRun } from './cli.js';

export interface SavedProfile {
  email: string;
  key: string;
  baseUrl: string;
  timezone: string;
}

/** Writes the profiles into `configDir`; the returned masg runs over `base` (a harness's env) with them. */
export function withProfiles(
  configDir: string,
  profiles: Record<string, SavedProfile>,
  base: Record<string, string | undefined> = {},
): (argv: string[], opts?: CliOptions) => Promise<CliRun> {
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  const env = {
    MASG_CONFIG_DIR: configDir,
    MASG_KEYRING: '0',
    MASG_EMAIL: undefined,
    MASG_DEVELOPER_KEY: undefined,
    MASG_BASE_URL: undefined,
  };
  return (argv, o = {}) => runCli(argv, { ...o, env: { ...base, ...env, ...o.env } });
}

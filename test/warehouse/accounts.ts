// The sandbox with several accounts for the warehouse tests, and a profile for each in a temporary
// MASG_CONFIG_DIR (as `masg login --profile NAME` saves them): two accounts whose data share IDs,
// one in Pacific/Kiritimati and one in America/Los_Angeles; one more in Europe/Berlin; one the
// service restricts (1004); and `bad`, a real account with a key the service rejects.
import { expect } from 'vitest';
import type { AccountSpec } from '../../src/sandbox/index.js';
import { tempDir, type Harness } from '../commands/harness.js';
import type { CliOptions, CliRun } from '../helpers/cli.js';
import { withProfiles, type SavedProfile } from '../helpers/profiles.js';
import { startWarehouseHarness } from './helpers.js';

export const SPECS: AccountSpec[] = [
  { name: 'kiri', timeZone: 'Pacific/Kiritimati', dataSeed: 4242 },
  { name: 'la', timeZone: 'America/Los_Angeles', dataSeed: 4242 },
  { name: 'berlin', timeZone: 'Europe/Berlin' },
  { name: 'locked', timeZone: 'UTC', restricted: true },
];

export interface Accounts {
  h: Harness;
  /** The profiles' folder. */
  configDir: string;
  /** Profile name → e-mail. */
  email: Record<string, string>;
  zone: Record<string, string>;
  /** masg with the profiles, and no MASG_EMAIL/MASG_DEVELOPER_KEY (they would override every profile). */
  masg(argv: string[], opts?: CliOptions): Promise<CliRun>;
}

export async function startAccounts(opts: Parameters<typeof startWarehouseHarness>[0] = {}): Promise<Accounts> {
  const h = await startWarehouseHarness({ accounts: SPECS, ...opts });
  const configDir = tempDir('masg-profiles-');
  const profiles: Record<string, SavedProfile> = {};
  const email: Record<string, string> = {};
  const zone: Record<string, string> = {};
  for (const a of h.sandbox.accounts) {
    if (!SPECS.some((s) => s.name === a.name)) continue;
    profiles[a.name] = { email: a.email, key: a.key, baseUrl: h.sandbox.url, timezone: a.timeZone };
    email[a.name] = a.email;
    zone[a.name] = a.timeZone;
  }
  const berlin = h.sandbox.accounts.find((a) => a.name === 'berlin')!;
  profiles.bad = { email: berlin.email, key: 'not-the-key', baseUrl: h.sandbox.url, timezone: 'UTC' };
  email.bad = berlin.email;
  return {
    h,
    configDir,
    email,
    zone,
    masg: withProfiles(configDir, profiles, h.env),
  };
}

/** YYYY-MM-DD, `days` before today in `zone` (the account's own days). */
export function dayIn(zone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * `--from DAY --to DAY`, `from` and `to` days back as fixed dates. Two runs whose results are
 * compared must ask for the same days even when a zone's midnight falls between them: `-4d` moves
 * with it (CI once compared Los Angeles' 24-26 with its 25-27, at 08:00 UTC). Counted in UTC-12,
 * the last zone to reach a date, so that every day is over in every zone.
 */
export function pinnedRange(from: number, to: number): string[] {
  return ['--from', dayIn('Etc/GMT+12', from), '--to', dayIn('Etc/GMT+12', to)];
}

/** The status lines of a run over several accounts, by profile name. */
export function statusLines(run: CliRun): Record<string, string> {
  const out: Record<string, string> = {};
  // `name: ok`, or `name: why (exit class)`: the one format of every command over several accounts.
  for (const m of run.stderr.matchAll(/^([\w.-]+): (ok|.* \(\d+\))$/gm)) out[m[1]!] = m[2]!;
  return out;
}

export function expectStatus(run: CliRun, want: Record<string, RegExp | string>): void {
  const lines = statusLines(run);
  expect(Object.keys(lines).sort()).toEqual(Object.keys(want).sort());
  for (const [name, line] of Object.entries(want)) expect(lines[name]).toMatch(line);
}

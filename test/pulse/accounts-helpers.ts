// A sandbox of several accounts for the pulse over accounts: east (Pacific/Kiritimati), west
// (America/Los_Angeles) and north (Europe/Berlin), on the fixed clock of helpers.ts, each saved as
// a profile in a temporary MASG_CONFIG_DIR, plus `broken` (west's e-mail, a key the service
// rejects). The generated campaigns' budgets are cleared, so the only budget finding is the one
// planted: west's busiest campaign gets a daily budget of 1.5 × its usual day, then overspends
// 3 × on DAY. East's busiest active ad slot serves nothing on DAY. A publication of east has a
// hostile name (markup and an OSC 52 clipboard write). Everything else is the real path.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/config/conf-store.js';
import { startSandbox, type AccountSpec, type Sandbox } from '../../src/sandbox/index.js';
import type { SandboxState } from '../../src/sandbox/types.js';
import type { PulseReport } from '../../src/pulse/types.js';
import { runCli, type CliOptions, type CliRun } from '../helpers/cli.js';
import { DAY, NOW } from './helpers.js';

export { DAY };
export const SPECS: AccountSpec[] = [
  { name: 'east', timeZone: 'Pacific/Kiritimati' },
  { name: 'west', timeZone: 'America/Los_Angeles' },
  { name: 'north', timeZone: 'Europe/Berlin' },
];
export const HOSTILE = '<b>Évian</b> & "Co" \u001b]52;c;cm0gLXJmIH4=\u0007 end';

export interface AccountsHarness {
  sandbox: Sandbox;
  dir: string;
  masg(argv: string[], opts?: CliOptions): Promise<CliRun>;
  /** The planted faults: east's silent ad slot (and its publication), west's overspending campaign. */
  planted: { slot: string; slotPublication: string; campaign: string };
  /** A config folder holding profiles for `names` only (of east, west, north, broken). */
  profilesOnly(names: string[]): Promise<string>;
  close(): Promise<void>;
}

const email = (name: string) => `${name}@sandbox.masg.test`;

export async function startAccountsHarness(): Promise<AccountsHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'masg-pulse-accounts-'));
  const dataFile = join(dir, 'state.json');
  const opts = { port: 0, now: () => NOW, accounts: SPECS, dataFile };
  const edit = (fn: (s: SandboxState) => void) => {
    const state = JSON.parse(readFileSync(dataFile, 'utf8')) as SandboxState;
    fn(state);
    writeFileSync(dataFile, JSON.stringify(state));
  };
  await (await startSandbox(opts)).close();
  edit((state) => {
    for (const c of state.campaigns.filter((c) => SPECS.some((s) => email(s.name!) === c.account))) {
      Object.assign(c, { dailyBudget: '', overallBudget: '', dailyBudgetWeekday: '', dailyBudgetWeekend: '' });
    }
    state.publications.find((p) => p.account === email('east') && p.status === 'ACTIVE')!.name += ` ${HOSTILE}`;
  });
  let sandbox = await startSandbox(opts);
  const config = join(dir, 'config');
  const profiles = async (configDir: string, names: string[]) => {
    const store = await openStore(configDir, { env: { MASG_CONFIG_DIR: configDir } });
    for (const a of sandbox.accounts.filter((x) => names.includes(x.name))) {
      await store.set(a.name, { email: a.email, key: a.key, baseUrl: sandbox.url, timezone: a.timeZone });
    }
    if (names.includes('broken')) {
      await store.set('broken', { email: email('west'), key: 'not-the-key', baseUrl: sandbox.url, timezone: 'America/Los_Angeles' });
    }
    return configDir;
  };
  const masg = (argv: string[], o: CliOptions = {}) => runCli(argv, { ...o, env: { MASG_CONFIG_DIR: config, ...o.env } });
  await profiles(config, ['west']);
  const west = JSON.parse((await masg(['--profile', 'west', 'pulse', '--date', DAY, '-o', 'json'])).stdout) as PulseReport;
  const target = west.campaigns.filter((c) => c.status === 'ACTIVE').sort((a, b) => Number(b.spend.baseline) - Number(a.spend.baseline))[0];
  await sandbox.close();
  edit((state) => {
    const c = state.campaigns.find((x) => x.id === target.id && x.account === email('west'))!;
    const unit = c.budgetType === 'IMPRESSIONS' ? target.impressions : c.budgetType === 'CLICKS' ? target.clicks : target.spend;
    const budget = Number(unit.baseline) * 1.5;
    c.dailyBudget = c.budgetType === 'IMPRESSIONS' || c.budgetType === 'CLICKS' ? String(Math.ceil(budget)) : budget.toFixed(2);
  });
  sandbox = await startSandbox(opts);
  await profiles(config, ['east', 'west', 'north', 'broken']);
  const planted = await plant(sandbox, masg, target.id);
  let extra = 0;
  return {
    sandbox,
    dir,
    masg,
    planted,
    profilesOnly: (names) => profiles(join(dir, `config-${++extra}`), names),
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function plant(sandbox: Sandbox, masg: AccountsHarness['masg'], campaign: string): Promise<AccountsHarness['planted']> {
  const json = async (argv: string[]) =>
    JSON.parse((await masg(['--profile', 'east', ...argv, '-o', 'json'])).stdout) as Array<Record<string, string>>;
  const active = new Set((await json(['pub', 'list'])).filter((p) => p.status === 'ACTIVE').map((p) => p.id));
  const slot = (await json(['slot', 'list'])).find((s) => active.has(s.publication))!;
  await sandbox.incident({ kind: 'slot-outage', id: slot.id, day: DAY, account: email('east') });
  await sandbox.incident({ kind: 'overspend', id: campaign, day: DAY, factor: 3, account: email('west') });
  return { slot: slot.id, slotPublication: slot.publication, campaign };
}

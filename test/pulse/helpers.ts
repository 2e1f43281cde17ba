// A sandbox for the pulse tests: the demo account on a fixed clock, with campaign budgets a
// campaign of its size really has (the demo's Spring Sale spends far past its 50.00 a day, so
// an overspend could not be told from an ordinary day). Faults come from Sandbox.incident().
import { startEditedSandbox } from '../helpers/edited-sandbox.js';
import { runCli, type CliOptions, type CliRun } from '../helpers/cli.js';
import { tempDir } from '../commands/harness.js';
import type { Sandbox, SandboxRequestLog } from '../../src/sandbox/index.js';
import type { SandboxState } from '../../src/sandbox/types.js';
import type { PulseReport } from '../../src/pulse/types.js';

export const NOW = new Date('2024-06-15T12:34:00Z');
/** A Friday: its comparable baseline days are the five weekdays of the week before. */
export const DAY = '2024-06-14';

export interface PulseHarness {
  sandbox: Sandbox;
  env: Record<string, string>;
  masg(argv: string[], opts?: CliOptions): Promise<CliRun>;
  sent(): SandboxRequestLog[];
  mark(): void;
  /** `masg pulse --date DAY -o json` and its report. */
  pulse(extra?: string[], opts?: CliOptions): Promise<{ run: CliRun; report: PulseReport }>;
  ids: { slot: string; slotPublication: string; publication: string; campaign: string };
  close(): Promise<void>;
}

/** `edit` changes the sandbox's data further (a name, a budget); names may get a suffix, never another start. */
export async function startPulseHarness(edit?: (state: SandboxState) => void): Promise<PulseHarness> {
  const edited = await startEditedSandbox({ now: () => NOW }, (state) => {
    const spring = state.campaigns.find((c) => c.name === 'Spring Sale')!;
    spring.dailyBudget = '1000.00';
    spring.overallBudget = '1000000.00';
    edit?.(state);
  });
  const sandbox = edited.sandbox;
  const env = {
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    MASG_CONFIG_DIR: tempDir('masg-pulse-'),
    MASG_TIMEZONE: sandbox.demo.timezone,
  };
  let seen = sandbox.requests.length;
  const masg = (argv: string[], o: CliOptions = {}) => runCli(argv, { ...o, env: { ...env, ...o.env } });
  const ids = await lookUpIds(masg);
  return {
    sandbox,
    env,
    masg,
    sent: () => sandbox.requests.slice(seen),
    mark: () => void (seen = sandbox.requests.length),
    pulse: async (extra = [], opts = {}) => {
      const run = await masg(['pulse', '--date', DAY, '-o', 'json', ...extra], opts);
      return { run, report: JSON.parse(run.stdout) as PulseReport };
    },
    ids,
    close: () => edited.close(),
  };
}

async function lookUpIds(masg: PulseHarness['masg']): Promise<PulseHarness['ids']> {
  const json = async (argv: string[]) => JSON.parse((await masg([...argv, '-o', 'json'])).stdout) as Array<Record<string, string>>;
  const pubs = await json(['pub', 'list']);
  const slots = await json(['slot', 'list']);
  const advertisers = await json(['adv', 'list']);
  const campaigns = (await Promise.all(advertisers.map((a) => json(['campaign', 'list', a.id])))).flat();
  const named = (name: string) => (x: Record<string, string>) => x.name.startsWith(name);
  const cafe = pubs.find(named('Café Olé Mobile'))!;
  return {
    slot: slots.find((s) => named('Header banner')(s) && s.publication === cafe.id)!.id,
    slotPublication: cafe.id,
    publication: pubs.find(named('Weather 😀 Now'))!.id,
    campaign: campaigns.find(named('Spring Sale'))!.id,
  };
}

// The global --raw and --dry-run reach only the commands that declare them (`supports` in their
// CommandDef); the registry refuses them for every other command in one place, with one message
// (exit 2, naming the flag and the command), before anything is sent or written. Every command
// is in the table: one added later fails here until it says what it takes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTable } from '../../src/commands/index.js';
import type { AnyCommandDef } from '../../src/command-kit/define.js';
import { createClient } from '../../src/index.js';
import { removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';

let h: Harness;
let table: Array<{ path: string; def: AnyCommandDef }>;
/** A config folder with a saved profile (what notify-url changes). */
let profileDir = '';
const ids = { pub: '', slot: '', adv: '', campaign: '' };
const DAY = ['--date', '2024-06-14'];

beforeAll(async () => {
  h = await startHarness();
  table = await commandTable();
  const client = createClient({ baseUrl: h.sandbox.url, email: h.env.MASG_EMAIL!, key: h.env.MASG_DEVELOPER_KEY! });
  const [pub] = await client.listPublications().toArray();
  const [slot] = await client.listAdSlots().toArray();
  const [adv] = await client.listAdvertisers().toArray();
  const [campaign] = await client.listCampaigns(adv!.id).toArray();
  Object.assign(ids, { pub: pub!.id, slot: slot!.id, adv: adv!.id, campaign: campaign!.id });
  await client.close();
  profileDir = tempDir('masg-supports-profile-');
  const saved = await h.masg(login().argv, { stdin: login().stdin, env: { ...login().env, MASG_CONFIG_DIR: profileDir } });
  expect(saved.code, saved.stderr).toBe(0);
});

const login = () => ({
  argv: ['login', '--email', h.env.MASG_EMAIL!, '--key-stdin', '--timezone', 'UTC'],
  stdin: `${h.env.MASG_DEVELOPER_KEY!}\n`,
  env: { MASG_CONFIG_DIR: tempDir('masg-supports-'), MASG_EMAIL: undefined, MASG_DEVELOPER_KEY: undefined },
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** The arguments each command's parser needs; a refusal comes before any of them is used. */
const NEEDS: Record<string, () => string[]> = {
  'pub view': () => [ids.pub],
  'slot view': () => [ids.slot],
  'slot stats': () => [ids.slot],
  'adv view': () => [ids.adv],
  'campaign view': () => [ids.campaign],
  'campaign stats': () => [ids.campaign],
  api: () => ['publication/list'],
  completion: () => ['bash'],
  'notify-url': () => ['remove'],
  switch: () => ['nobody'],
  sql: () => ['SELECT 1'],
  'mcp token': () => ['list'],
};
const argvOf = (path: string) => [...path.split(' '), ...(NEEDS[path]?.() ?? [])];

/** A run of every command that takes --raw: each prints the service's body as received. */
const RAW_RUNS: Record<string, () => string[]> = {
  'pub list': () => ['pub', 'list'],
  'pub view': () => ['pub', 'view', ids.pub],
  'pub create': () => ['pub', 'create', '--name', 'Raw', '--type', 'ANDROID_APP', '--description', 'd', '--transparent', 'false'],
  'pub update': () => ['pub', 'update', ids.pub, '--name', 'Raw again'],
  'pub stats': () => ['pub', 'stats', ...DAY],
  'slot list': () => ['slot', 'list'],
  'slot view': () => ['slot', 'view', ids.slot],
  'slot create': () => ['slot', 'create', '--publication', ids.pub, '--name', 'Raw', '--formats', 'banner'],
  'slot update': () => ['slot', 'update', ids.slot, '--name', 'Raw slot'],
  'slot stats': () => ['slot', 'stats', ids.slot, ...DAY],
  'adv list': () => ['adv', 'list'],
  'campaign list': () => ['campaign', 'list', ids.adv],
  'campaign view': () => ['campaign', 'view', ids.campaign],
  'campaign stats': () => ['campaign', 'stats', ids.campaign, ...DAY],
  api: () => ['api', 'publication/list'],
};

/** A run of every command that takes --dry-run: exit 0, nothing sent. */
const DRY_RUNS: Record<string, () => { argv: string[]; stdin?: string; env?: Record<string, string | undefined> }> = {
  ...Object.fromEntries(Object.entries(RAW_RUNS).map(([path, argv]) => [path, () => ({ argv: argv() })])),
  'adv view': () => ({ argv: ['adv', 'view', ids.adv] }),
  login,
  whoami: () => ({ argv: ['whoami'] }),
  'notify-url': () => ({ argv: ['notify-url', 'remove'], env: { MASG_CONFIG_DIR: profileDir } }),
  sync: () => ({
    argv: ['sync', '--db', join(tempDir('masg-supports-db-'), 'w.duckdb'), '--from', '2024-06-13', '--to', '2024-06-14'],
    env: { MASG_TIMEZONE: 'UTC' },
  }),
};

/** Taken always or in some uses; a declared refusal (words of its own) is not taking it. */
const takes = (def: AnyCommandDef, key: 'raw' | 'dryRun') => {
  const declared = def.supports?.[key];
  return declared === true || typeof declared === 'function';
};

describe('--raw and --dry-run, declared per command', () => {
  it('every command that takes a flag has a run in the table, and no other', () => {
    expect(table.length).toBeGreaterThan(25);
    expect(table.filter((c) => takes(c.def, 'raw')).map((c) => c.path)).toEqual(table.map((c) => c.path).filter((p) => p in RAW_RUNS));
    expect(table.filter((c) => takes(c.def, 'dryRun')).map((c) => c.path)).toEqual(table.map((c) => c.path).filter((p) => p in DRY_RUNS));
  });

  it.each([
    ['--raw', 'raw'],
    ['--dry-run', 'dryRun'],
  ] as const)('%s: every command that does not declare it refuses it with the one message, exit 2, nothing sent', async (flag, key) => {
    const refusing = table.filter((c) => !takes(c.def, key));
    expect(refusing.length).toBeGreaterThan(3);
    for (const { path } of refusing) {
      h.mark();
      const run = await h.masg([...argvOf(path), flag]);
      expect({ path, code: run.code, stdout: run.stdout }).toEqual({ path, code: 2, stdout: '' });
      expect(run.stderr).toContain(`masg ${path} does not take ${flag}.`);
      expect(h.sent()).toEqual([]);
    }
  });

  it('--raw: every command that declares it prints the body the service sent', async () => {
    for (const [path, argv] of Object.entries(RAW_RUNS)) {
      h.mark();
      const run = await h.masg([...argv(), '--raw']);
      expect({ path, code: run.code, stderr: run.stderr }).toEqual({ path, code: 0, stderr: '' });
      expect(run.stdout.trimStart().startsWith('<'), path).toBe(true);
      expect(h.sent().length, path).toBeGreaterThan(0);
    }
  });

  it('--dry-run: every command that declares it describes its requests and sends nothing', async () => {
    for (const [path, make] of Object.entries(DRY_RUNS)) {
      const { argv, stdin, env } = make();
      h.mark();
      const run = await h.masg([...argv, '--dry-run'], { stdin, env });
      expect({ path, code: run.code }, run.stderr).toEqual({ path, code: 0 });
      if (path !== 'whoami' && path !== 'notify-url') expect(run.stdout, path).toMatch(/^(GET|POST) |\n(GET|POST) /m);
      expect(h.sent(), path).toEqual([]);
    }
  });

  it.each([
    ['pub update --from', () => ['pub', 'update', '--from', 'x.csv'], 'pub update', ' with --from'],
    ['pub update with two IDs', () => ['pub', 'update', ids.pub, ids.pub, '--name', 'x'], 'pub update', ' with several IDs'],
    ['slot create --from', () => ['slot', 'create', '--from', 'x.csv'], 'slot create', ' with --from'],
    ['slot update --from', () => ['slot', 'update', '--from', 'x.csv'], 'slot update', ' with --from'],
    ['campaign list without an advertiser', () => ['campaign', 'list'], 'campaign list', ' without an advertiser'],
    ['pub stats --chart', () => ['pub', 'stats', '--chart', '--interval', 'day', ...DAY], 'pub stats', ' with --chart'],
  ])('a command that takes --raw only in some uses says when it does not: %s', async (_name, argv, path, when) => {
    h.mark();
    const run = await h.masg([...argv(), '--raw']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`masg ${path} does not take --raw${when}.`);
    expect(h.sent()).toEqual([]);
  });

  it.each([
    ['adv view', () => ['adv', 'view', ids.adv], 'masg adv list --raw'],
    ['campaign list without an advertiser', () => ['campaign', 'list'], 'masg campaign list ADVERTISER --raw'],
    ['pub stats --chart', () => ['pub', 'stats', '--chart', '--interval', 'day', ...DAY], "--raw prints the service's body"],
  ])('a refusal that knows a better command names it: %s', async (_name, argv, hint) => {
    const run = await h.masg([...argv(), '--raw']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(hint);
    expect(run.stderr).not.toContain('run this without it');
  });

  it('stats --raw over several pieces is refused before the ID is resolved: nothing sent', async () => {
    h.mark();
    const run = await h.masg([
      'slot',
      'stats',
      ids.slot.slice(0, 6),
      '--interval',
      'day',
      '--from',
      '2024-06-13',
      '--to',
      '2024-06-14',
      '--raw',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--raw prints one response body: use it with --interval total.');
    expect(h.sent()).toEqual([]);
  });
});

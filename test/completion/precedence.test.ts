// Tab's live IDs and a command resolve the account the same way (config/settings.ts, written
// once): for each mix of profiles, environment and flags, the IDs Tab offers are the IDs the
// command lists, whether Tab asked the service or answered from its cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli.js';

let sandbox: Sandbox;
let configDir: string;
// The completion deadline is a speed target (npm run bench); here only the answer counts.
const base = () => ({ MASG_CONFIG_DIR: configDir, MASG_KEYRING: '0', MASG_COMPLETION_DEADLINE_MS: '60000' });

beforeAll(async () => {
  sandbox = await startSandbox();
  configDir = mkdtempSync(join(tmpdir(), 'masg-precedence-'));
  // The default profile acts as the other account, "work" as the demo account: a wrong pick shows.
  for (const [profile, account] of [
    ['default', sandbox.other],
    ['work', sandbox.demo],
  ] as const) {
    const run = await runCli(
      ['login', '--profile', profile, '--email', account.email, '--base-url', sandbox.url, '--timezone', 'UTC', '--key-stdin'],
      {
        env: base(),
        stdin: `${account.key}\n`,
      },
    );
    expect(run).toMatchObject({ code: 0 });
  }
});
afterAll(async () => {
  await sandbox.close();
  rmSync(configDir, { recursive: true, force: true });
});

type Case = [name: string, env: Record<string, string>, flags: string[]];
const cases = (): Case[] => [
  ['no flags, no environment: the default profile', {}, []],
  ['MASG_PROFILE', { MASG_PROFILE: 'work' }, []],
  ['an empty MASG_PROFILE counts as unset', { MASG_PROFILE: '' }, []],
  ['a blank MASG_PROFILE counts as unset', { MASG_PROFILE: '   ' }, []],
  ['--profile beats MASG_PROFILE', { MASG_PROFILE: 'default' }, ['--profile', 'work']],
  [
    'MASG_EMAIL and MASG_DEVELOPER_KEY over the profile',
    { MASG_PROFILE: 'work', MASG_EMAIL: sandbox.other.email, MASG_DEVELOPER_KEY: sandbox.other.key },
    [],
  ],
  ['--base-url beats a dead MASG_BASE_URL', { MASG_PROFILE: 'work', MASG_BASE_URL: 'http://127.0.0.1:9' }, ['--base-url', sandbox.url]],
  ['a blank MASG_BASE_URL counts as unset', { MASG_BASE_URL: '  ' }, ['--profile', 'work']],
];

async function commandIds(env: Record<string, string>, flags: string[]): Promise<string[]> {
  const run = await runCli([...flags, 'pub', 'list', '-o', 'csv', '--fields', 'id', '--no-header'], { env: { ...base(), ...env } });
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return run.stdout.split('\n').filter(Boolean).sort();
}

async function tabIds(env: Record<string, string>, flags: string[]): Promise<string[]> {
  const run = await runCli(['__complete', ...flags, 'pub', 'update', ''], { env: { ...base(), ...env } });
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return run.stdout
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => line.split('\t')[0])
    .sort();
}

describe('live completion and a command pick the same account', () => {
  it.each([1, 2])('pass %i (the second answered from the cache)', async () => {
    const seen = new Set<string>();
    for (const [name, env, flags] of cases()) {
      const listed = await commandIds(env, flags);
      expect(listed.length, name).toBeGreaterThan(0);
      expect(await tabIds(env, flags), name).toEqual(listed);
      seen.add(listed.join());
    }
    // Both accounts were reached: the cases do tell the profiles apart.
    expect(seen.size).toBe(2);
  });
});

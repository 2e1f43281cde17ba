// `masg profiles` lists every saved profile (name, e-mail, base URL, time zone, where the key
// lives, which one is active) and never a key; `whoami` shows the time zone that login set.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir, useHarness, type Harness } from '../commands/harness.js';

let h: Harness;
useHarness((harness) => (h = harness));

async function loggedIn() {
  const dir = tempDir();
  const env = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' };
  const { email, key } = h.sandbox.demo;
  const login = (profile: string, extra: string[]) =>
    runCli(['login', '--profile', profile, '--email', email, '--base-url', h.sandbox.url, '--key-stdin', ...extra], {
      env,
      stdin: `${key}\n`,
    });
  expect((await login('default', ['--timezone', 'Europe/Madrid'])).code).toBe(0);
  expect((await login('ci', [])).code).toBe(0);
  return { dir, env, key };
}

describe('masg profiles', () => {
  it('every profile, the active one marked, never the key (every format)', async () => {
    const { env, key, dir } = await loggedIn();
    h.mark(); // the logins' own checks
    const json = await runCli(['profiles', '-o', 'json'], { env });
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toEqual([
      {
        active: false,
        name: 'ci',
        email: h.sandbox.demo.email,
        baseUrl: h.sandbox.url,
        timezone: null,
        keyLocation: `config file ${dir}/config.json`,
      },
      {
        active: true,
        name: 'default',
        email: h.sandbox.demo.email,
        baseUrl: h.sandbox.url,
        timezone: 'Europe/Madrid',
        keyLocation: `config file ${dir}/config.json`,
      },
    ]);
    const ci = JSON.parse((await runCli(['--profile', 'ci', 'profiles', '-o', 'json'], { env })).stdout);
    expect(ci.map((p: { active: boolean }) => p.active)).toEqual([true, false]);
    const viaEnv = JSON.parse((await runCli(['profiles', '-o', 'json'], { env: { ...env, MASG_PROFILE: 'ci' } })).stdout);
    expect(viaEnv.map((p: { active: boolean }) => p.active)).toEqual([true, false]);
    for (const format of ['table', 'csv', 'tsv', 'json', 'ndjson']) {
      const run = await runCli(['profiles', '-o', format, '--debug'], { env, tty: format === 'table' });
      expect(run.code).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(key);
    }
    expect(h.sent()).toEqual([]); // a local listing: nothing is sent
  });

  it('no profiles: an empty list, exit 0, and how to create one', async () => {
    const run = await runCli(['profiles', '-o', 'json'], { env: { MASG_CONFIG_DIR: tempDir() } });
    expect(run).toMatchObject({ code: 0, stdout: '[]\n' });
    expect(run.stderr).toContain('`masg login` creates it');
  });

  it('environment credentials are said to take precedence', async () => {
    const { env } = await loggedIn();
    const run = await runCli(['profiles', '-o', 'csv'], { env: { ...env, MASG_EMAIL: 'x@y.z' } });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('MASG_EMAIL / MASG_DEVELOPER_KEY are set');
  });
});

describe('whoami and the time zone', () => {
  it("shows the profile's zone, else the system's, and says which", async () => {
    const { env } = await loggedIn();
    const mine = JSON.parse((await runCli(['whoami', '-o', 'json'], { env })).stdout);
    expect(mine).toMatchObject({ profile: 'default', timezone: 'Europe/Madrid', timezoneSource: 'profile' });
    const ci = JSON.parse((await runCli(['--profile', 'ci', 'whoami', '-o', 'json'], { env })).stdout);
    expect(ci).toMatchObject({ profile: 'ci', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, timezoneSource: 'system' });
  });
});
